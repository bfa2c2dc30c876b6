// The Go rules from @sente/core, re-exported under short local names. Every file in search/go
// imports the rules from here, so the way core exposes them (the `go` namespace) is named once.
import { go } from '@sente/core';

export const { GoBoard, BLACK, WHITE, EMPTY, BORDER, PASS, opponent, areaScore, territoryScore, ownership, fixedHandicapXY, maxFixedHandicap, formatMargin, gtpVertex, parseGtpVertex, parseFigure, renderGoBoard, figurePointName, parsePatterns, PatternSet, neighbourhoodCode, parseSgf, sgfToBoard, flattenSgf, writeSgf, parseColor } = go;
export type GoBoard = go.GoBoard;
export type PatternSet = go.PatternSet;
export type PatternDef = go.PatternDef;
export type SgfGame = go.SgfGame;
export type SgfMove = go.SgfMove;
