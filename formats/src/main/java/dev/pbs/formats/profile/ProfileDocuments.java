package dev.pbs.formats.profile;

import dev.pbs.model.distribution.LatencyDistribution;
import dev.pbs.model.profile.LatencyProfile;
import dev.pbs.model.profile.MessageCorrelation;
import dev.pbs.model.profile.MessageDelays;
import java.util.List;

/**
 * A profile as the {@link ProfileDocument} record Jackson writes: the writing half of {@link
 * ProfileJson}, exact, so that reading the document back gives the same profile.
 */
final class ProfileDocuments {

    private ProfileDocuments() {}

    /** The record Jackson writes for {@code profile}. */
    static ProfileDocument of(LatencyProfile profile) {
        MessageDelays defaults = profile.defaults();
        List<ProfileDocument.ReplicaDelays> replicas = null;
        if (!profile.replicaOverrides().isEmpty()) {
            replicas = profile.replicaOverrides().stream()
                    .map(overrides -> new ProfileDocument.ReplicaDelays(
                            documentOrNull(overrides.write()), documentOrNull(overrides.acknowledgement()),
                            documentOrNull(overrides.read()), documentOrNull(overrides.response())))
                    .toList();
        }
        ProfileDocument.Datacenters datacenters =
                profile.topology().map(TopologyJson::document).orElse(null);
        return new ProfileDocument(
                profile.name(),
                profile.description(),
                profile.provenance(),
                delaysDocument(defaults),
                replicas,
                datacenters,
                profile.coordinatorReplica()
                        .map(path -> new ProfileDocument.CoordinatorReplica(
                                delaysDocument(path.local()),
                                path.localReadPreference().isPresent()
                                        ? path.localReadPreference().getAsDouble()
                                        : null))
                        .orElse(null),
                profile.coordinatorReplicaShare()
                        .map(share ->
                                new ProfileDocument.CoordinatorReplicaShareDocument(share.writes(), share.reads()))
                        .orElse(null),
                profile.readPath()
                        .map(path -> new ProfileDocument.ReadPathDocument(
                                path.speculativeRetry().text(),
                                path.readRepair().text(),
                                path.replicaChoice().text(),
                                path.replicaChoice().badnessThreshold()))
                        .orElse(null),
                FaultsJson.document(profile.faults()),
                correlationDocument(profile.messageCorrelation()));
    }

    private static ProfileDocument.MessageCorrelationDocument correlationDocument(MessageCorrelation correlation) {
        return correlation.isNone()
                ? null
                : new ProfileDocument.MessageCorrelationDocument(
                        correlation.writesBetweenReplicas(),
                        correlation.writesWithOwnReplica(),
                        correlation.readsBetweenReplicas(),
                        correlation.readsWithOwnReplica());
    }

    private static ProfileDocument.Delays delaysDocument(MessageDelays delays) {
        return new ProfileDocument.Delays(
                DistributionJson.document(delays.write()),
                DistributionJson.document(delays.acknowledgement()),
                DistributionJson.document(delays.read()),
                DistributionJson.document(delays.response()));
    }

    private static DistributionDocument documentOrNull(LatencyDistribution distribution) {
        return distribution == null ? null : DistributionJson.document(distribution);
    }
}
