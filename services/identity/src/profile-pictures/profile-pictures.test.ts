import sharp from 'sharp';
import { captureEvents, count, signedInUser, startIdentity, type Identity } from '../test/world';

describe('profile pictures', () => {
  let svc: Identity;
  let events: Awaited<ReturnType<typeof captureEvents>>;
  let landscape: Buffer;
  beforeAll(async () => {
    svc = await startIdentity();
    events = await captureEvents(svc, 'evt.user.>');
    // 800 x 400, left half red, right half blue: rotation is visible in the output.
    landscape = await sharp({ create: { width: 800, height: 400, channels: 3, background: '#ff0000' } })
      .composite([{ input: { create: { width: 400, height: 400, channels: 3, background: '#0000ff' } }, left: 400, top: 0 }])
      .jpeg()
      .toBuffer();
  }, 30_000);
  afterAll(async () => {
    events?.stop();
    await svc?.stop();
  });

  const upload = (userId: number, orientation: number | string, auth?: string) => {
    const req = svc.http().post(`/api/uploadProfilePicture/${userId}/${orientation}`);
    return auth ? req.set('Authorization', auth) : req;
  };

  it('when a user uploads a photo turned 90 degrees, then it is rotated, scaled to 512 px, stored, served and announced', async () => {
    const { user, auth } = await signedInUser(svc);
    const res = await upload(user.id, 90, auth).attach('photo', landscape, { filename: 'me.jpg', contentType: 'image/jpeg' });
    expect(res.status).toBe(200);
    expect(res.body.profile_image).toMatch(new RegExp(`^/api/profile-pictures/${user.id}-[0-9a-f]{16}\\.jpg$`));

    const served = await svc.http().get(res.body.profile_image).buffer(true).parse((r, cb) => {
      const chunks: Buffer[] = [];
      r.on('data', (c: Buffer) => chunks.push(c));
      r.on('end', () => cb(null, Buffer.concat(chunks)));
    });
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['cache-control']).toContain('max-age=31536000');
    const meta = await sharp(served.body as Buffer).metadata();
    expect([meta.width, meta.height]).toEqual([256, 512]);
    // Turned clockwise: the red left half is now on top.
    const { data } = await sharp(served.body as Buffer).extract({ left: 128, top: 10, width: 1, height: 1 }).raw().toBuffer({ resolveWithObject: true });
    expect(data[0]).toBeGreaterThan(200);
    expect(data[2]).toBeLessThan(60);

    expect((await svc.http().get(`/api/user/${user.id}`).set('Authorization', auth)).body.user.profile_image).toBe(res.body.profile_image);
    await events.next('user.updated', (d) => d.userId === user.id && d.profile_image === res.body.profile_image);
  });

  it('when a user uploads a new photo, then the old picture is removed', async () => {
    const { user, auth } = await signedInUser(svc);
    const first = await upload(user.id, 0, auth).attach('photo', landscape, 'a.jpg');
    const second = await upload(user.id, 180, auth).attach('photo', landscape, 'b.jpg');
    expect(second.status).toBe(200);
    expect((await svc.http().get(first.body.profile_image)).status).toBe(404);
    expect((await svc.http().get(second.body.profile_image)).status).toBe(200);
    expect(await count(svc, 'profile_pictures', { userId: user.id })).toBe(1);
  });

  it('when a PNG with transparency is uploaded, then it stays a PNG', async () => {
    const { user, auth } = await signedInUser(svc);
    const png = await sharp({ create: { width: 100, height: 100, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } }).png().toBuffer();
    const res = await upload(user.id, 270, auth).attach('photo', png, { filename: 'x.png', contentType: 'image/png' });
    expect(res.status).toBe(200);
    expect(res.body.profile_image).toMatch(/\.png$/);
  });

  it('when the file is not an image, then 400 naming photo and nothing is stored', async () => {
    const { user, auth } = await signedInUser(svc);
    const text = await upload(user.id, 0, auth).attach('photo', Buffer.from('hello'), { filename: 'a.txt', contentType: 'text/plain' });
    expect(text.status).toBe(400);
    expect(text.body).toMatchObject({ field: 'photo', message: expect.stringMatching(/^photo: /) });
    const fake = await upload(user.id, 0, auth).attach('photo', Buffer.from('not really a jpeg'), { filename: 'a.jpg', contentType: 'image/jpeg' });
    expect(fake.status).toBe(400);
    expect(fake.body.field).toBe('photo');
    expect(await count(svc, 'profile_pictures', { userId: user.id })).toBe(0);
  });

  it('when the photo is missing, too big or the orientation is odd, then 400 naming the field', async () => {
    const { user, auth } = await signedInUser(svc);
    const none = await upload(user.id, 0, auth).field('other', 'x');
    expect(none.status).toBe(400);
    expect(none.body.field).toBe('photo');
    const big = await upload(user.id, 0, auth).attach('photo', Buffer.alloc(5 * 1024 * 1024 + 10), { filename: 'big.jpg', contentType: 'image/jpeg' });
    expect(big.status).toBe(400);
    expect(big.body.field).toBe('photo');
    const odd = await upload(user.id, 45, auth).attach('photo', landscape, 'a.jpg');
    expect(odd.status).toBe(400);
    expect(odd.body).toMatchObject({ field: 'orientation', message: 'orientation: must be 0, 90, 180 or 270' });
    expect(await count(svc, 'profile_pictures', { userId: user.id })).toBe(0);
  });

  it("when someone uploads to another user's account or without a token, then 403 / 401", async () => {
    const a = await signedInUser(svc);
    const b = await signedInUser(svc);
    expect((await upload(b.user.id, 0, a.auth).attach('photo', landscape, 'a.jpg')).status).toBe(403);
    expect((await upload(b.user.id, 0).attach('photo', landscape, 'a.jpg')).status).toBe(401);
    expect(await count(svc, 'profile_pictures', { userId: b.user.id })).toBe(0);
  });

  it('when a picture name is malformed or unknown, then 400 / 404', async () => {
    expect((await svc.http().get('/api/profile-pictures/..%2Fetc%2Fpasswd')).status).toBe(400);
    expect((await svc.http().get('/api/profile-pictures/1-0123456789abcdef.jpg')).status).toBe(404);
  });
});
