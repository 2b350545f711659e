package dev.pbs.cassandra.cluster;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * How a local cluster's nodes are placed: one datacenter of Cassandra's {@code SimpleSnitch}
 * ({@code datacenter1}, as {@code --nodes N} makes), or named datacenters ({@code --datacenters
 * dc1:3,dc2:3}) with {@code GossipingPropertyFileSnitch}, nodes numbered datacenter by datacenter
 * (dc1's nodes first), one rack per node.
 *
 * @param datacenters the datacenters in order, each with its node count
 * @param named whether the datacenters were named ({@code GossipingPropertyFileSnitch}) rather
 *     than the single default one
 */
public record ClusterLayout(List<Datacenter> datacenters, boolean named) {

    /** Cassandra's name for the one datacenter of {@code SimpleSnitch}. */
    public static final String DEFAULT_DATACENTER = "datacenter1";

    private static final Pattern NAME = Pattern.compile("[A-Za-z][A-Za-z0-9_-]{0,31}");

    /**
     * One datacenter.
     *
     * @param name its name, as the snitch reports it
     * @param nodes how many nodes it has, at least 1
     */
    public record Datacenter(String name, int nodes) {}

    public ClusterLayout {
        datacenters = List.copyOf(datacenters);
        if (datacenters.isEmpty()) {
            throw new IllegalArgumentException("a cluster needs at least one datacenter");
        }
        Set<String> seen = new HashSet<>();
        int total = 0;
        for (Datacenter datacenter : datacenters) {
            if (!NAME.matcher(datacenter.name()).matches()) {
                throw new IllegalArgumentException("datacenter name '" + datacenter.name()
                        + "': use a letter then letters, digits, '-' or '_' (at most 32)");
            }
            if (!seen.add(datacenter.name())) {
                throw new IllegalArgumentException("datacenter " + datacenter.name() + " is given twice");
            }
            if (datacenter.nodes() < 1) {
                throw new IllegalArgumentException(
                        "datacenter " + datacenter.name() + " needs at least one node, was " + datacenter.nodes());
            }
            total += datacenter.nodes();
        }
        if (total > LocalCluster.MAX_NODES) {
            throw new IllegalArgumentException("at most " + LocalCluster.MAX_NODES + " nodes in all, was " + total);
        }
        if (!named && datacenters.size() != 1) {
            throw new IllegalArgumentException("only named datacenters can be several");
        }
    }

    /** {@code size} nodes in the default datacenter ({@code SimpleSnitch}). */
    public static ClusterLayout single(int size) {
        if (size < 1 || size > LocalCluster.MAX_NODES) {
            throw new IllegalArgumentException(
                    "--nodes must be between 1 and " + LocalCluster.MAX_NODES + ", was " + size);
        }
        return new ClusterLayout(List.of(new Datacenter(DEFAULT_DATACENTER, size)), false);
    }

    /**
     * Parses {@code NAME:NODES[,NAME:NODES...]}, e.g. {@code dc1:3,dc2:3}.
     *
     * @throws IllegalArgumentException naming the bad part
     */
    public static ClusterLayout parse(String text) {
        List<Datacenter> datacenters = new ArrayList<>();
        for (String part : text.split(",", -1)) {
            String[] nameAndNodes = part.trim().split(":", -1);
            if (nameAndNodes.length != 2) {
                throw new IllegalArgumentException(
                        "--datacenters: expected NAME:NODES[,NAME:NODES...] (e.g. dc1:3,dc2:3), was '" + part + "'");
            }
            int nodes;
            try {
                nodes = Integer.parseInt(nameAndNodes[1].trim());
            } catch (NumberFormatException notANumber) {
                throw new IllegalArgumentException(
                        "--datacenters: the node count in '" + part.trim() + "' is not a whole number");
            }
            datacenters.add(new Datacenter(nameAndNodes[0].trim(), nodes));
        }
        return new ClusterLayout(datacenters, true);
    }

    /** The form {@link #parse} reads, or {@code N} nodes for the default datacenter: what a folder records. */
    public String recorded() {
        if (!named) {
            return Integer.toString(size());
        }
        return String.join(
                ",",
                datacenters.stream().map(dc -> dc.name() + ":" + dc.nodes()).toList());
    }

    /** Reads what {@link #recorded} wrote. */
    static ClusterLayout fromRecorded(String text) {
        return text.contains(":") ? parse(text) : single(Integer.parseInt(text.trim()));
    }

    /** Nodes in all. */
    public int size() {
        return datacenters.stream().mapToInt(Datacenter::nodes).sum();
    }

    /** The datacenter of node {@code index} (1-based). */
    public String datacenterOf(int index) {
        int last = 0;
        for (Datacenter datacenter : datacenters) {
            last += datacenter.nodes();
            if (index <= last) {
                return datacenter.name();
            }
        }
        throw new IllegalArgumentException("no node " + index + " in a cluster of " + size());
    }

    /** The rack of node {@code index}: {@code rack1} for the default datacenter, else one per node. */
    public String rackOf(int index) {
        return named ? "rack" + index : "rack1";
    }

    /** The seeds: the first node of every datacenter (1-based indexes). */
    public List<Integer> seeds() {
        List<Integer> seeds = new ArrayList<>();
        int first = 1;
        for (Datacenter datacenter : datacenters) {
            seeds.add(first);
            first += datacenter.nodes();
        }
        return seeds;
    }

    /**
     * The order in which nodes start: the seeds first, then the others in number order, so that a
     * joining node finds every seed up (a seed not yet started only costs it time, which a loaded
     * machine may not have within the ring delay).
     */
    public List<Integer> startOrder() {
        List<Integer> order = new ArrayList<>(seeds());
        for (int index = 1; index <= size(); index++) {
            if (!order.contains(index)) {
                order.add(index);
            }
        }
        return order;
    }

    /** What {@code start} prints: {@code datacenter datacenter1} or {@code datacenters dc1 (3 nodes), dc2 (3 nodes)}. */
    public String describe() {
        if (!named) {
            return "datacenter " + DEFAULT_DATACENTER;
        }
        return (datacenters.size() == 1 ? "datacenter " : "datacenters ")
                + String.join(
                        ", ",
                        datacenters.stream()
                                .map(dc -> dc.name() + " (" + dc.nodes() + (dc.nodes() == 1 ? " node)" : " nodes)"))
                                .toList());
    }
}
