/**
 * JMH benchmarks of the engine and of the pieces it is built from. Each class's javadoc carries
 * the command that runs it; results and how to read them are in the README's Performance section.
 */
package dev.pbs.benchmarks;
