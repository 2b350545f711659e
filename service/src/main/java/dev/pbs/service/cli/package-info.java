/**
 * The {@code pbs} command line (picocli): {@code pbs predict} and {@code pbs profile}. Thin: it
 * parses options, builds the engine's spec, and prints what {@link dev.pbs.service.output} renders.
 */
package dev.pbs.service.cli;
