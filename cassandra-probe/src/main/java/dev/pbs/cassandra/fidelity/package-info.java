/**
 * The fidelity experiment: predicted against observed staleness on a local cluster with
 * exponential delays injected into each message type, as the PBS paper validated its model.
 */
package dev.pbs.cassandra.fidelity;
