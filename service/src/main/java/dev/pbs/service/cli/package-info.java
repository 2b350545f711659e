/**
 * The {@code pbs} command line (picocli): {@code pbs serve}, {@code predict}, {@code tune},
 * {@code profile} and {@code fit}. Thin: it parses options, calls the engine or the model, and
 * prints what {@link dev.pbs.service.output} renders.
 */
package dev.pbs.service.cli;
