package dev.pbs.cassandra.cluster;

import java.math.BigInteger;
import java.util.List;

/**
 * The {@code cassandra.yaml} of node {@code index} (1-based) of a local cluster of {@code size}
 * nodes: address 127.0.0.{first + index - 1} (first address 1 by default), the same ports on every address, one token per node on a
 * balanced Murmur3 ring, and every directory under the node's own folder. With the default layout:
 * seed node 1 and SimpleSnitch (datacenter {@code datacenter1}); with named datacenters
 * ({@link ClusterLayout}): the first node of every datacenter a seed, and
 * GossipingPropertyFileSnitch, reading the node's datacenter and rack from the
 * {@code cassandra-rackdc.properties} in its folder ({@link #rackProperties}).
 */
final class NodeConfiguration {

    static final int STORAGE_PORT = 7000;
    static final int NATIVE_PORT = 9042;

    private NodeConfiguration() {}

    /** 127.0.0.{firstAddress + index - 1}. */
    static String address(int firstAddress, int index) {
        return "127.0.0." + (firstAddress + index - 1);
    }

    /** A JMX port of its own for every loopback address, so clusters side by side never collide. */
    static int jmxPort(int firstAddress, int index) {
        return jmxPort(address(firstAddress, index));
    }

    /** The JMX port of the node at a loopback address ("127.0.0.54"): as {@link #jmxPort(int, int)}. */
    static int jmxPort(String address) {
        String[] octets = address.split("\\.");
        if (octets.length != 4) {
            throw new IllegalArgumentException("not an IPv4 address: " + address);
        }
        return 20_000 + Integer.parseInt(octets[3]) * 10 + 9;
    }

    /** The balanced token of node {@code index}: -2^63 + (index - 1) * 2^64 / size. */
    static String initialToken(int index, int size) {
        BigInteger ringSize = BigInteger.ONE.shiftLeft(64);
        BigInteger token = BigInteger.ONE
                .shiftLeft(63)
                .negate()
                .add(ringSize.multiply(BigInteger.valueOf(index - 1)).divide(BigInteger.valueOf(size)));
        return token.toString();
    }

    static String yaml(String clusterName, int firstAddress, int index, int size, String nodeDirectory) {
        return yaml(clusterName, firstAddress, index, ClusterLayout.single(size), nodeDirectory, List.of());
    }

    static String yaml(
            String clusterName,
            int firstAddress,
            int index,
            int size,
            String nodeDirectory,
            List<String> securityLines) {
        return yaml(clusterName, firstAddress, index, ClusterLayout.single(size), nodeDirectory, securityLines);
    }

    static String yaml(
            String clusterName,
            int firstAddress,
            int index,
            ClusterLayout layout,
            String nodeDirectory,
            List<String> securityLines) {
        return yaml(clusterName, firstAddress, index, layout, nodeDirectory, securityLines, true);
    }

    /**
     * @param securityLines for a secure cluster, the authenticator and client encryption lines
     *     (see {@link SecureSetup#yaml}), which replace the open cluster's authenticator and authorizer
     * @param dynamicSnitch whether the node wraps its snitch in Cassandra's dynamic snitch (its
     *     default); off, the line {@code dynamic_snitch: false}
     */
    static String yaml(
            String clusterName,
            int firstAddress,
            int index,
            ClusterLayout layout,
            String nodeDirectory,
            List<String> securityLines,
            boolean dynamicSnitch) {
        int size = layout.size();
        String seeds = String.join(
                ",",
                layout.seeds().stream()
                        .map(seed -> address(firstAddress, seed) + ":" + STORAGE_PORT)
                        .toList());
        String address = address(firstAddress, index);
        List<String> security = securityLines.isEmpty()
                ? List.of("authenticator: AllowAllAuthenticator", "authorizer: AllowAllAuthorizer")
                : securityLines;
        return String.join(
                "\n",
                "# Written by pbs cassandra start; regenerated on every start.",
                "cluster_name: '" + clusterName + "'",
                "num_tokens: 1",
                "initial_token: " + initialToken(index, size),
                "partitioner: org.apache.cassandra.dht.Murmur3Partitioner",
                "commitlog_sync: periodic",
                "commitlog_sync_period: 10000ms",
                "seed_provider:",
                "  - class_name: org.apache.cassandra.locator.SimpleSeedProvider",
                "    parameters:",
                "      - seeds: \"" + seeds + "\"",
                "listen_address: " + address,
                "rpc_address: " + address,
                "storage_port: " + STORAGE_PORT,
                "native_transport_port: " + NATIVE_PORT,
                "start_native_transport: true",
                "endpoint_snitch: " + (layout.named() ? "GossipingPropertyFileSnitch" : "SimpleSnitch")
                        + (dynamicSnitch ? "" : "\ndynamic_snitch: false"),
                "data_file_directories:",
                "  - " + nodeDirectory + "/data",
                "commitlog_directory: " + nodeDirectory + "/commitlog",
                "saved_caches_directory: " + nodeDirectory + "/saved_caches",
                "hints_directory: " + nodeDirectory + "/hints",
                "cdc_raw_directory: " + nodeDirectory + "/cdc_raw",
                String.join("\n", security),
                "concurrent_compactors: 1",
                "");
    }

    /**
     * The {@code cassandra-rackdc.properties} of node {@code index} for GossipingPropertyFileSnitch:
     * its datacenter and rack, and {@code prefer_local=true} (loopback addresses only either way).
     */
    static String rackProperties(ClusterLayout layout, int index) {
        return String.join(
                "\n",
                "# Written by pbs cassandra start; regenerated on every start.",
                "dc=" + layout.datacenterOf(index),
                "rack=" + layout.rackOf(index),
                "prefer_local=true",
                "");
    }
}
