package dev.pbs.cassandra.probe;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The replication of a keyspace over several datacenters (Cassandra's NetworkTopologyStrategy):
 * each datacenter's replication factor, in the order given, which is the order of the datacenters
 * and of the replicas in the profile the probe writes.
 *
 * @param factors replication factor by datacenter name, each 1 to 32; at least two datacenters
 */
public record DatacenterReplication(Map<String, Integer> factors) {

    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9_.-]{0,47}");

    public DatacenterReplication {
        factors = Collections.unmodifiableMap(new LinkedHashMap<>(factors));
        if (factors.size() < 2) {
            throw new IllegalArgumentException(
                    "--replication names the factor of two datacenters or more (one datacenter: --rf), was "
                            + factors.size());
        }
        factors.forEach((name, factor) -> {
            if (!NAME.matcher(name).matches()) {
                throw new IllegalArgumentException(
                        "--replication: datacenter name '" + name + "' must be letters, digits, '.', '-' or '_'");
            }
            if (factor < 1 || factor > 32) {
                throw new IllegalArgumentException(
                        "--replication: the factor of " + name + " must be between 1 and 32, was " + factor);
            }
        });
    }

    /**
     * Parses {@code NAME:RF,NAME:RF[,...]}, e.g. {@code dc1:3,dc2:3}.
     *
     * @throws IllegalArgumentException naming the bad part
     */
    public static DatacenterReplication parse(String text) {
        Map<String, Integer> factors = new LinkedHashMap<>();
        for (String part : text.split(",", -1)) {
            String[] nameAndFactor = part.trim().split(":", -1);
            if (nameAndFactor.length != 2 || nameAndFactor[0].isBlank()) {
                throw new IllegalArgumentException(
                        "--replication: expected NAME:RF,NAME:RF (e.g. dc1:3,dc2:3), was '" + part.trim() + "'");
            }
            String name = nameAndFactor[0].trim();
            int factor;
            try {
                factor = Integer.parseInt(nameAndFactor[1].trim());
            } catch (NumberFormatException notANumber) {
                throw new IllegalArgumentException(
                        "--replication: the factor in '" + part.trim() + "' is not a whole number");
            }
            if (factors.put(name, factor) != null) {
                throw new IllegalArgumentException("--replication: datacenter " + name + " is given twice");
            }
        }
        return new DatacenterReplication(factors);
    }

    /** N: replicas per key in all datacenters. */
    public int replicas() {
        return factors.values().stream().mapToInt(Integer::intValue).sum();
    }

    /** A key's replicas by datacenter, in the order given: the model's placement. */
    public dev.pbs.model.quorum.DatacenterReplicas placement() {
        java.util.List<String> names = java.util.List.copyOf(factors.keySet());
        int[] datacenters = new int[replicas()];
        int slot = 0;
        for (int index = 0; index < names.size(); index++) {
            for (int copy = 0; copy < factors.get(names.get(index)); copy++) {
                datacenters[slot++] = index;
            }
        }
        return dev.pbs.model.quorum.DatacenterReplicas.of(names, datacenters);
    }

    /** The factor of {@code datacenter}; 0 when it holds no replica. */
    public int factor(String datacenter) {
        return factors.getOrDefault(datacenter, 0);
    }

    /** The CQL replication map, e.g. {@code {'class': 'NetworkTopologyStrategy', 'dc1': 3, 'dc2': 3}}. */
    String cql() {
        StringBuilder text = new StringBuilder("{'class': 'NetworkTopologyStrategy'");
        factors.forEach(
                (name, factor) -> text.append(", '").append(name).append("': ").append(factor));
        return text.append('}').toString();
    }

    /** {@code dc1:3,dc2:3}: what {@link #parse} reads. */
    @Override
    public String toString() {
        return String.join(
                ",",
                factors.entrySet().stream()
                        .map(e -> e.getKey() + ":" + e.getValue())
                        .toList());
    }
}
