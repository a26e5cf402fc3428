-- Trigram matching powers typo-tolerant product search and suggestions.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
