/**
 * Probes of live Cassandra clusters configured in the service's YAML: each runs in the background,
 * publishes a live profile {@code cassandra:<name>} at an interval, and exports {@code pbs_probe_*}
 * metrics.
 */
package dev.pbs.service.probes;
