ALTER TABLE "ratings" DROP CONSTRAINT "ratings_star_range";--> statement-breakpoint
ALTER TABLE "ratings" ALTER COLUMN "star" SET DATA TYPE real;--> statement-breakpoint
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_star_half_steps" CHECK ("ratings"."star" between 1 and 5 and "ratings"."star" * 2 = trunc("ratings"."star" * 2));