/**
 * The {@code pbs} command line (picocli): {@code serve}, {@code predict}, {@code tune},
 * {@code profile}, {@code fit}, {@code probe}, {@code cassandra} and {@code fidelity}. Thin: it
 * translates options into the questions of {@code dev.pbs.questions}, runs the engine, the probe or
 * the service, and prints what {@code dev.pbs.formats.report} renders.
 */
package dev.pbs.cli;
