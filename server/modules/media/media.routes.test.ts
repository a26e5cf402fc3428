import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, blogs, mediaAssets, products } from '../../db/schema.js';
import { signUp } from '../../test/customers.js';
import { createBlog, createProduct } from '../../test/factories.js';
import { type SignedInStaff, signInStaff } from '../../test/staff.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

let ctx: TestContext;
let manager: SignedInStaff;
let mediaDir: string;

beforeAll(async () => {
  ctx = await createTestApp({ PUBLIC_URL: 'https://shop.example.in' });
  manager = await signInStaff(ctx.app, 'catalogue');
  mediaDir = path.resolve('.data/test/media');
});
afterAll(async () => {
  await ctx.close();
});

type Part = { field?: string; filename: string; type?: string; data: Buffer };

/** A multipart body as a browser's FormData sends it. */
function multipart(parts: Part[], headers: Record<string, string> = manager.headers) {
  const boundary = `----mediatest${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${part.field ?? 'images'}"; filename="${part.filename}"\r\nContent-Type: ${part.type ?? 'image/png'}\r\n\r\n`,
      ),
      part.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const upload = (parts: Part[], headers?: Record<string, string>) =>
  ctx.app.inject({ method: 'POST', url: '/api/upload/', ...multipart(parts, headers) });

function picture(width: number, height: number, format: 'png' | 'jpeg' | 'webp' = 'png') {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .toFormat(format)
    .toBuffer();
}

const widthOf = async (file: string) => (await sharp(file).metadata()).width;
const fileOf = (publicId: string, suffix = '') => path.join(mediaDir, 'uploads', `${publicId}${suffix}.webp`);

describe('POST /api/upload', () => {
  it('stores each picture as WebP at most 1,600 px wide with 400 and 600 px copies, in the order sent', async () => {
    const response = await upload([
      { filename: 'wide.png', data: await picture(2400, 1200) },
      { filename: 'small.jpg', type: 'image/jpeg', data: await picture(300, 200, 'jpeg') },
      { filename: 'photo.webp', type: 'image/webp', data: await picture(800, 800, 'webp') },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const [wide, small, webp] = response.json();
    expect(wide).toMatchObject({
      width: 1600,
      height: 800,
      public_id: expect.stringMatching(/^[A-Za-z0-9_-]+$/),
    });
    expect(wide.url).toBe(`https://shop.example.in/media/uploads/${wide.public_id}.webp`);
    expect(small).toMatchObject({ width: 300, height: 200 });
    expect(webp).toMatchObject({ width: 800, height: 800 });
    expect(await widthOf(fileOf(wide.public_id))).toBe(1600);
    expect(await widthOf(fileOf(wide.public_id, '-400'))).toBe(400);
    expect(await widthOf(fileOf(wide.public_id, '-600'))).toBe(600);
    // Never enlarged.
    expect(await widthOf(fileOf(small.public_id, '-600'))).toBe(300);
    expect((await sharp(fileOf(small.public_id)).metadata()).format).toBe('webp');

    const [asset] = await ctx.database.db
      .select()
      .from(mediaAssets)
      .where(eq(mediaAssets.publicId, wide.public_id));
    expect(asset).toMatchObject({ id: wide.asset_id, width: 1600, height: 800, staffId: manager.id });
    expect(asset!.files).toEqual([
      `uploads/${wide.public_id}.webp`,
      `uploads/${wide.public_id}-400.webp`,
      `uploads/${wide.public_id}-600.webp`,
    ]);
    const events = await ctx.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'media.upload'));
    expect(events.at(-1)!.summary).toBe('Uploaded 3 pictures');
  });

  it('turns a photo upright from its EXIF orientation and drops its metadata', async () => {
    const sideways = await sharp(await picture(600, 300, 'jpeg'))
      .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: 'secret place' } } })
      .jpeg()
      .toBuffer();
    const [image] = (await upload([{ filename: 'phone.jpg', type: 'image/jpeg', data: sideways }])).json();
    expect(image).toMatchObject({ width: 300, height: 600 });
    const metadata = await sharp(fileOf(image.public_id)).metadata();
    expect(metadata.exif).toBeUndefined();
  });

  it('judges a file by its content: a script named .png is refused, naming it, and nothing is written', async () => {
    const before = await ctx.database.db.select().from(mediaAssets);
    const response = await upload([
      { filename: 'fine.png', data: await picture(100, 100) },
      { filename: 'evil.png', data: Buffer.from('<script>alert(1)</script>') },
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('evil.png is not a JPEG, PNG or WebP picture.');
    expect(await ctx.database.db.select().from(mediaAssets)).toHaveLength(before.length);

    const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
    const refusedGif = await upload([{ filename: 'anim.gif', type: 'image/gif', data: gif }]);
    expect(refusedGif.statusCode).toBe(400);
    expect(refusedGif.json().message).toMatch(/anim\.gif is not a JPEG, PNG or WebP/);
  });

  it('refuses more than 10 files, files over 10 MB, no file, the wrong field and a JSON body', async () => {
    const tiny = await picture(10, 10);
    const eleven = Array.from({ length: 11 }, (_, i) => ({ filename: `p${i}.png`, data: tiny }));
    const tooMany = await upload(eleven);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toMatch(/at most 10/);

    const huge = Buffer.concat([tiny, Buffer.alloc(10 * 1024 * 1024 + 1)]);
    const tooLarge = await upload([{ filename: 'huge.png', data: huge }]);
    expect(tooLarge.statusCode).toBe(400);
    expect(tooLarge.json().message).toBe('huge.png is larger than 10 MB.');

    expect((await upload([])).statusCode).toBe(400);
    const wrongField = await upload([{ field: 'file', filename: 'x.png', data: tiny }]);
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().message).toMatch(/"images"/);
    const json = await ctx.app.inject({
      method: 'POST',
      url: '/api/upload',
      headers: manager.headers,
      payload: {},
    });
    expect(json.statusCode).toBe(400);
  });

  it('limits each staff member to 60 uploads in 10 minutes, refused ones included', async () => {
    const busy = await signInStaff(ctx.app, 'catalogue');
    const send = () =>
      ctx.app.inject({ method: 'POST', url: '/api/upload', headers: busy.headers, payload: {} });
    for (let i = 0; i < 60; i++) expect((await send()).statusCode).toBe(400);
    const limited = await send();
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeTruthy();
    // Others are not held up by one busy colleague.
    expect((await upload([{ filename: 'ok.png', data: await picture(20, 20) }])).statusCode).toBe(200);
  });

  it('needs a staff member allowed to manage the catalogue', async () => {
    const tiny = await picture(10, 10);
    expect((await upload([{ filename: 'a.png', data: tiny }], {})).statusCode).toBe(401);
    const shopper = await signUp(ctx.app);
    expect((await upload([{ filename: 'a.png', data: tiny }], shopper.headers)).statusCode).toBe(403);
    const support = await signInStaff(ctx.app, 'support');
    expect((await upload([{ filename: 'a.png', data: tiny }], support.headers)).statusCode).toBe(403);
  });
});

describe('DELETE /api/upload/delete-img/:public_id', () => {
  it('deletes the files for real, then answers 404; refuses while a product shows the picture', async () => {
    const [image] = (await upload([{ filename: 'gone.png', data: await picture(900, 900) }])).json();
    const url = `/api/upload/delete-img/${image.public_id}`;

    const product = await createProduct(ctx.database.db, { title: 'Pictured' });
    await ctx.database.db
      .update(products)
      .set({ images: [{ url: `/media/uploads/${image.public_id}.webp`, public_id: image.public_id }] })
      .where(eq(products.id, product.id));
    const inUse = await ctx.app.inject({ method: 'DELETE', url, headers: manager.headers });
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().message).toMatch(/Pictured still shows this picture/);
    await ctx.database.db.update(products).set({ images: [] }).where(eq(products.id, product.id));

    // A blog post's cover counts too.
    const post = await createBlog(ctx.database.db, { title: 'Cover story' });
    await ctx.database.db
      .update(blogs)
      .set({ images: [{ url: `/media/uploads/${image.public_id}.webp`, public_id: image.public_id }] })
      .where(eq(blogs.id, post.id));
    const onPost = await ctx.app.inject({ method: 'DELETE', url, headers: manager.headers });
    expect(onPost.statusCode).toBe(409);
    expect(onPost.json().message).toMatch(/the blog post "Cover story" still shows this picture/);
    await ctx.database.db.update(blogs).set({ images: [] }).where(eq(blogs.id, post.id));

    const deleted = await ctx.app.inject({ method: 'DELETE', url, headers: manager.headers });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ message: 'Deleted' });
    for (const suffix of ['', '-400', '-600'])
      expect(existsSync(fileOf(image.public_id, suffix))).toBe(false);
    expect((await ctx.app.inject({ method: 'DELETE', url, headers: manager.headers })).statusCode).toBe(404);
    const bad = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/upload/delete-img/..%2Fetc',
      headers: manager.headers,
    });
    expect(bad.statusCode).toBe(400);
    const events = await ctx.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.entityId, image.public_id));
    expect(events.map((e) => e.action)).toContain('media.delete');
  });
});
