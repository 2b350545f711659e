/**
 * The launcher of one local Apache Cassandra node ({@link dev.pbs.cassandra.node.NodeMain}), which
 * the local clusters of {@code cassandra-probe} start in a JVM of their own, and the optional
 * injection of exponential delays into the node's inbound messages for experiments: which verbs,
 * datacenter pairs and slow replicas get which mean delay ({@code InjectionSpecification}), and the
 * message filter that holds each message for its draw without blocking a stage's threads ({@code
 * InboundDelays}). Without an injection file the node runs as plain Cassandra.
 *
 * <p>Example: a node started with {@code -Dpbs.inject.file=FILE}, where FILE holds {@code
 * MUTATION_REQ=exponential:10,READ_REQ=exponential:5}, delays each write request it receives by
 * 10 ms and each read request by 5 ms on average.
 */
package dev.pbs.cassandra.node;
