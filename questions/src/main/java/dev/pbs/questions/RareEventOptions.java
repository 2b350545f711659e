package dev.pbs.questions;

/**
 * Which figures of a prediction go to the rare-event method (importance sampling) when plain trials
 * cannot resolve them, fewer than 400 of them lying beyond the figure
 * ({@code dev.pbs.montecarlo.rare.RareEventAnswer}).
 *
 * @param windows the windows the question named (not the default ones, which stay plain Monte
 *     Carlo's so that a quick prediction stays quick and reads as before)
 * @param staleProbabilities also report P(stale at t) at every time of the grid, by the rare-event
 *     method where fewer than 400 trials were stale
 */
public record RareEventOptions(boolean windows, boolean staleProbabilities) {}
