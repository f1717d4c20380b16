// The chat panel's texts and how a line's author is named, without a
// browser (the panel itself is tested in e2e/chat.test.mjs).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chatMaxLength, roomTitle, speaker, speakerTitle } from '../src/chat.ts';
import { setRegistry, variantOf } from '../src/variants.ts';
import registered from './testdata/variants.json';

setRegistry(registered);
const chess = variantOf('chess');
const xiangqi = variantOf('xiangqi');

const line = (over = {}) => ({ room: 'players', from: 'white', name: 'white', text: 'hi', at: '2025-03-01T12:00:00Z', ...over });

test('speaker: you, the other seat by its side name, a spectator by its tag', () => {
  const cases = [
    [line(), { variant: chess, you: ['white'] }, 'You'],
    [line(), { variant: chess, you: ['black'] }, 'White'],
    [line({ from: 'black', name: 'black' }), { variant: chess, you: ['white'] }, 'Black'],
    [line(), { variant: xiangqi, you: ['black'] }, 'Red'],
    [line({ room: 'spectators', from: 'spectator', name: 'Spectator 3f2a' }), { variant: chess, you: [] }, 'Spectator 3f2a'],
    [line({ room: 'spectators', from: 'spectator', name: '<b>x</b>' }), { variant: chess, you: [] }, '<b>x</b>'],
  ];
  for (const [l, who, want] of cases) assert.equal(speaker(l, who), want, JSON.stringify([l.from, who.you, who.variant.name]));
});

test('a bot seat is named by its account and titled; a person by the side, oneself and spectators untitled', () => {
  const seats = { white: { kind: 'human', name: 'ann' }, black: { kind: 'human', name: 'Robo', title: 'BOT' } };
  const bot = line({ from: 'black', name: 'Robo' });
  assert.equal(speaker(bot, { variant: chess, you: ['white'], seats }), 'Robo');
  assert.equal(speakerTitle(bot, { variant: chess, you: ['white'], seats }), 'BOT');
  assert.equal(speaker(line({ name: 'ann' }), { variant: chess, you: ['black'], seats }), 'White');
  assert.equal(speakerTitle(line({ name: 'ann' }), { variant: chess, you: ['black'], seats }), undefined);
  assert.equal(speakerTitle(bot, { variant: chess, you: ['black'], seats }), undefined, 'oneself is "You"');
  assert.equal(speakerTitle(line({ room: 'spectators', from: 'spectator', name: 'BOT' }), { variant: chess, you: [], seats }), undefined);
  assert.equal(speaker(bot, { variant: chess, you: ['white'] }), 'Black', 'no seats yet: the side');
});

test('room titles and the server limit', () => {
  assert.equal(roomTitle('players'), 'Chat with your opponent');
  assert.equal(roomTitle('spectators'), 'Spectators’ chat');
  assert.equal(chatMaxLength, 140);
});
