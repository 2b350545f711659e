package dev.pbs.questions;

/** Which R and W a tuning question considers. */
public enum Levels {
    /** Every R and W in 1..N. */
    NUMERIC,
    /** Only Cassandra's levels: ONE, TWO, THREE, QUORUM, ALL. */
    CASSANDRA
}
