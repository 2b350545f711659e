package dev.pbs.model.profile;

import dev.pbs.model.faults.Faults;
import dev.pbs.model.readpath.ReadPath;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A named set of WARS delay distributions, all in milliseconds, with where the numbers come from.
 *
 * <p>Every replica has the {@link #defaults() default} delays unless the profile gives
 * per-replica overrides (then their count fixes N). An optional {@link DatacenterTopology} adds
 * inter-datacenter delays to messages that cross datacenters.
 */
public final class LatencyProfile {

    private final String name;
    private final String description;
    private final String provenance;
    private final MessageDelays defaults;
    private final List<DelayOverrides> replicaOverrides;
    private final DatacenterTopology topology;
    private final CoordinatorReplicaPath coordinatorReplica;
    private final CoordinatorReplicaShare coordinatorReplicaShare;
    private final ReadPath readPath;
    private final Faults faults;
    private final MessageCorrelation messageCorrelation;

    private LatencyProfile(Builder builder) {
        if (builder.name == null || builder.name.isBlank()) {
            throw new IllegalArgumentException("profile name is missing");
        }
        this.name = builder.name;
        this.description = builder.description == null ? "" : builder.description;
        this.provenance = builder.provenance == null ? "" : builder.provenance;
        this.defaults = Objects.requireNonNull(builder.defaults, "profile default delays are missing");
        this.replicaOverrides = List.copyOf(builder.replicaOverrides);
        this.topology = builder.topology;
        this.coordinatorReplica = builder.coordinatorReplica;
        this.coordinatorReplicaShare = builder.coordinatorReplicaShare;
        this.readPath = builder.readPath;
        this.faults = builder.faults == null ? Faults.NONE : builder.faults;
        this.messageCorrelation =
                builder.messageCorrelation == null ? MessageCorrelation.NONE : builder.messageCorrelation;
        if (topology != null
                && !topology.isOnePerReplica()
                && !replicaOverrides.isEmpty()
                && topology.explicitReplicaDatacenters().length != replicaOverrides.size()) {
            throw new IllegalArgumentException("the profile has " + replicaOverrides.size()
                    + " per-replica entries but places " + topology.explicitReplicaDatacenters().length
                    + " replicas in datacenters");
        }
    }

    public static Builder builder(String name) {
        return new Builder(name);
    }

    public String name() {
        return name;
    }

    public String description() {
        return description;
    }

    /** Where the numbers come from: a paper's table, a measured cluster, a user's upload. */
    public String provenance() {
        return provenance;
    }

    public MessageDelays defaults() {
        return defaults;
    }

    /** Empty, or one entry per replica (then the profile fixes N). */
    public List<DelayOverrides> replicaOverrides() {
        return replicaOverrides;
    }

    public Optional<DatacenterTopology> topology() {
        return Optional.ofNullable(topology);
    }

    /**
     * The read path of the cluster the profile was measured on (speculative retry, read repair,
     * replica choice); empty for a profile that does not say.
     */
    public Optional<ReadPath> readPath() {
        return Optional.ofNullable(readPath);
    }

    /** What goes wrong with the replicas ({@link Faults#NONE}: healthy, the paper's model). */
    public Faults faults() {
        return faults;
    }

    /**
     * How one operation's message delays move together ({@link MessageCorrelation#NONE}:
     * independently, the published WARS model).
     */
    public MessageCorrelation messageCorrelation() {
        return messageCorrelation;
    }

    /**
     * The coordinator's own replica, for the variant in which the coordinator is a replica; empty:
     * no delay on the local path and uniform read targets.
     */
    public Optional<CoordinatorReplicaPath> coordinatorReplica() {
        return Optional.ofNullable(coordinatorReplica);
    }

    /**
     * How often the coordinator of a write, and of a read, was a replica of the key on the cluster
     * the profile was measured on (a probe's count; N/M for round robin over M nodes): the default of
     * predictions from this profile that do not say. Empty for a profile that does not say (then
     * predictions put no coordinator on a replica unless asked).
     */
    public Optional<CoordinatorReplicaShare> coordinatorReplicaShare() {
        return Optional.ofNullable(coordinatorReplicaShare);
    }

    /** The replica count the profile fixes, if it fixes one. */
    public Optional<Integer> fixedReplicaCount() {
        if (!replicaOverrides.isEmpty()) {
            return Optional.of(replicaOverrides.size());
        }
        if (topology != null && !topology.isOnePerReplica()) {
            return Optional.of(topology.explicitReplicaDatacenters().length);
        }
        return Optional.empty();
    }

    /** @throws IllegalArgumentException when the profile cannot describe n replicas */
    public void requireReplicaCount(int n) {
        Optional<Integer> fixed = fixedReplicaCount();
        if (fixed.isPresent() && fixed.get() != n) {
            throw new IllegalArgumentException(
                    "profile '" + name + "' describes exactly " + fixed.get() + " replicas, but N is " + n);
        }
    }

    /** The delays of replica {@code replica} (0-based). */
    public MessageDelays delaysOf(int replica) {
        if (replicaOverrides.isEmpty()) {
            return defaults;
        }
        return defaults.with(replicaOverrides.get(replica));
    }

    /** A builder holding every field of this profile, to change some of them. */
    public Builder toBuilder() {
        return toBuilder(name);
    }

    /** A builder holding every field of this profile but with another name. */
    public Builder toBuilder(String newName) {
        Builder builder = new Builder(newName)
                .description(description)
                .provenance(provenance)
                .defaults(defaults)
                .topology(topology)
                .coordinatorReplica(coordinatorReplica)
                .coordinatorReplicaShare(coordinatorReplicaShare)
                .readPath(readPath)
                .faults(faults)
                .messageCorrelation(messageCorrelation);
        builder.replicaOverrides = List.copyOf(replicaOverrides);
        return builder;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof LatencyProfile that
                && name.equals(that.name)
                && description.equals(that.description)
                && provenance.equals(that.provenance)
                && defaults.equals(that.defaults)
                && replicaOverrides.equals(that.replicaOverrides)
                && Objects.equals(topology, that.topology)
                && Objects.equals(coordinatorReplica, that.coordinatorReplica)
                && Objects.equals(coordinatorReplicaShare, that.coordinatorReplicaShare)
                && Objects.equals(readPath, that.readPath)
                && faults.equals(that.faults)
                && messageCorrelation.equals(that.messageCorrelation);
    }

    @Override
    public int hashCode() {
        return Objects.hash(name, defaults, replicaOverrides, topology);
    }

    @Override
    public String toString() {
        return "LatencyProfile(" + name + ")";
    }

    /** Builds a profile; {@link #build()} validates. */
    public static final class Builder {
        private final String name;
        private String description;
        private String provenance;
        private MessageDelays defaults;
        private List<DelayOverrides> replicaOverrides = List.of();
        private DatacenterTopology topology;
        private CoordinatorReplicaPath coordinatorReplica;
        private CoordinatorReplicaShare coordinatorReplicaShare;
        private ReadPath readPath;
        private Faults faults;
        private MessageCorrelation messageCorrelation;

        private Builder(String name) {
            this.name = name;
        }

        public Builder description(String description) {
            this.description = description;
            return this;
        }

        public Builder provenance(String provenance) {
            this.provenance = provenance;
            return this;
        }

        public Builder defaults(MessageDelays defaults) {
            this.defaults = defaults;
            return this;
        }

        public Builder replicaOverrides(List<DelayOverrides> replicaOverrides) {
            this.replicaOverrides = List.copyOf(replicaOverrides);
            return this;
        }

        public Builder topology(DatacenterTopology topology) {
            this.topology = topology;
            return this;
        }

        /** The coordinator's own replica (null: none). */
        public Builder coordinatorReplica(CoordinatorReplicaPath coordinatorReplica) {
            this.coordinatorReplica = coordinatorReplica;
            return this;
        }

        /**
         * How often coordinators were replicas where the profile was measured (null: the profile
         * does not say).
         */
        public Builder coordinatorReplicaShare(CoordinatorReplicaShare coordinatorReplicaShare) {
            this.coordinatorReplicaShare = coordinatorReplicaShare;
            return this;
        }

        /** The cluster's read path (null: the profile does not say). */
        public Builder readPath(ReadPath readPath) {
            this.readPath = readPath;
            return this;
        }

        /** What goes wrong with the replicas (null: healthy). */
        public Builder faults(Faults faults) {
            this.faults = faults;
            return this;
        }

        /** How one operation's message delays move together (null: independently). */
        public Builder messageCorrelation(MessageCorrelation messageCorrelation) {
            this.messageCorrelation = messageCorrelation;
            return this;
        }

        public LatencyProfile build() {
            return new LatencyProfile(this);
        }
    }
}
