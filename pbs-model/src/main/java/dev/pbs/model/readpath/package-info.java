/**
 * Cassandra's read path beyond the paper's model: when a coordinator asks one more replica
 * (speculative retry).
 */
package dev.pbs.model.readpath;
