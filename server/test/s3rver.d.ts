// s3rver ships no types: the little of it the tests use.
declare module 's3rver' {
  import type { AddressInfo } from 'node:net';
  export default class S3rver {
    constructor(options: {
      port?: number;
      address?: string;
      silent?: boolean;
      directory: string;
      resetOnClose?: boolean;
      configureBuckets?: { name: string; configs?: string[] }[];
    });
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
    httpServer?: import('node:http').Server;
  }
}
