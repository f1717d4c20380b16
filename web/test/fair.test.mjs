// The fairness check in the page (src/fair.ts) against variant/fair,
// variant/bomb and variant/jieqi: the vectors below are Go's, printed by a
// program calling fair.ParseSeed(seed).Commitment(), .Intn("dice 1 1", n),
// .Shuffle("mines", 32, 8), bomb.Mines and jieqi.LayoutText(Deal(start)).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Seed, bombMines, check, commitmentOf, jieqiDeal, jieqiStart } from '../src/fair.ts';

const seed1 = '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f';
const seed2 = 'ffeeddccbbaa99887766554433221100ffeeddccbbaa99887766554433221100';
const commitment1 = '630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd';

test('the commitment is the seed\'s SHA-256, as the server publishes it', async () => {
  assert.equal(await commitmentOf(seed1), commitment1);
  assert.equal(await commitmentOf(seed2), '5df404c22ba4e956e7ef06b6499f07ee62894450c25c928a7f5db26f6ea499a4');
  assert.equal(await commitmentOf('xyz'), undefined);
  assert.equal(await commitmentOf(seed1 + '00'), undefined);
});

test('intn and shuffle draw what Go draws from the same seed', async () => {
  const s = await Seed.of(seed1);
  const got = [];
  for (const n of [1, 2, 3, 6, 7, 32, 1000]) got.push(await s.intn('dice 1 1', n));
  assert.deepEqual(got, [0, 0, 0, 0, 4, 26, 434]);
  assert.deepEqual(await s.shuffle('mines', 32, 8), [9, 30, 21, 31, 2, 17, 28, 24]);
  assert.deepEqual(await (await Seed.of(seed2)).shuffle('jieqi red', 15, 15), [4, 7, 11, 14, 0, 6, 8, 2, 5, 9, 12, 3, 10, 13, 1]);
  await assert.rejects(s.intn('x', 0));
  assert.equal(await Seed.of('nope'), undefined);
});

test('bomb chess: the mines the seed lays', async () => {
  assert.deepEqual(await bombMines(await Seed.of(seed1)), ['a6', 'b4', 'b5', 'c3', 'e6', 'f5', 'g6', 'h6']);
});

test('jieqi: the layout the seed deals from the usual start', async () => {
  const deal = await jieqiDeal(await Seed.of(seed1));
  const red = ['a0', 'b0', 'c0', 'd0', 'f0', 'g0', 'h0', 'i0', 'b2', 'h2', 'a3', 'c3', 'e3', 'g3', 'i3'];
  const black = ['a6', 'c6', 'e6', 'g6', 'i6', 'b7', 'h7', 'a9', 'b9', 'c9', 'd9', 'f9', 'g9', 'h9', 'i9'];
  assert.equal(red.map(p => deal[p]).join('') + '/' + black.map(p => deal[p]).join(''), 'APRNCCBPPPBNRAP/narpncacrppppbb');
  const deal2 = await jieqiDeal(await Seed.of(seed2));
  assert.equal(red.map(p => deal2[p]).join('') + '/' + black.map(p => deal2[p]).join(''), 'NRPPARCBNCPBPPA/cpbpbacprnppanr');
});

test('check: a seed that matches and draws what the game showed; a seed or a draw that does not', async () => {
  const bomb = mines => ({ variant: 'bomb', fair: { commitment: commitment1, seed: seed1 }, ext: { mines, safe: [] } });
  assert.deepEqual(await check(bomb(['c3', 'b4', 'b5', 'f5', 'a6', 'e6', 'g6', 'h6']), []), { seed: true, drawn: 'mines', n: 8 });
  assert.deepEqual(await check(bomb(['c3', 'b4', 'b5', 'f5', 'a6', 'e6', 'g6', 'h5']), []), { seed: true, drawn: 'mines', n: 8, bad: 'h6' });
  assert.deepEqual(await check({ ...bomb([]), fair: { commitment: commitment1, seed: seed2 } }, []), { seed: false, drawn: '', n: 0 });
  assert.deepEqual(await check({ variant: 'bomb', fair: { commitment: commitment1 } }, []), { seed: false, drawn: '', n: 0 }, 'no seed yet');
  // Jieqi: the seed deals Red's b0 a soldier (P), Black's h9 an elephant (b).
  const jq = { variant: 'jieqi', fair: { commitment: commitment1, seed: seed1 }, startFen: jieqiStart };
  const moves = [{ uci: 'b0c2', san: '', fen: '', color: 'white', ext: { reveal: 'P' } }, { uci: 'h9g7', san: '', fen: '', color: 'black', ext: { reveal: 'b' } },
    { uci: 'c2c3', san: '', fen: '', color: 'white' }];
  assert.deepEqual(await check(jq, moves), { seed: true, drawn: 'reveals', n: 2 });
  moves[1].ext.reveal = 'n';
  assert.deepEqual(await check(jq, moves), { seed: true, drawn: 'reveals', n: 2, bad: 'h9: n ≠ b' });
  // From another start the deal is not the usual one: the seed alone.
  assert.deepEqual(await check({ ...jq, startFen: '4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1' }, moves), { seed: true, drawn: '', n: 0 });
  assert.deepEqual(await check({ variant: 'dice', fair: { commitment: commitment1.toUpperCase(), seed: seed1 } }, []), { seed: true, drawn: '', n: 0 });
});
