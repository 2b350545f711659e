/**
 * Fleet mode's state store: uploaded profiles, probe definitions, leases, live profiles, probe
 * statuses and histories in a Cassandra keyspace shared by every instance of the service
 * ({@code state: {type: cassandra}} in the YAML). Depends on the core's storage interfaces, never
 * the other way round.
 */
package dev.pbs.service.state;
