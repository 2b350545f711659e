package dev.pbs.cassandra.probe;

import dev.pbs.model.distribution.Empirical;
import dev.pbs.model.profile.CoordinatorPlacement;
import dev.pbs.model.profile.DatacenterPairDelay;
import dev.pbs.model.profile.DatacenterTopology;
import dev.pbs.model.profile.DelayOverrides;
import dev.pbs.model.profile.LatencyProfile;
import dev.pbs.model.profile.MessageDelays;
import dev.pbs.model.profile.WarsMessage;
import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.StringJoiner;
import java.util.concurrent.TimeUnit;
import java.util.function.BiFunction;
import org.HdrHistogram.Histogram;

/**
 * The profile of a probe over several datacenters (model note, datacenters and levels): the
 * keyspace's datacenters in the order of {@code --replication}, each with as many replicas as its
 * replication factor; each replica's W, A, R and S the empirical delays of its datacenter's nodes,
 * pooled, as measured from coordinators of the same datacenter; and the one-way delay of every
 * ordered pair of datacenters fitted from the messages that crossed them
 * ({@link InterDatacenterDelayFit}), against the traced own delays (a crossing message is traced
 * as they are). Tracing's own cost is taken off each datacenter's own delays by its own
 * calibration (given, see {@code dev.pbs.cassandra.calibration.CalibratedProfile}); the fitted delays between
 * datacenters are kept. The coordinator of (R, W) questions is placed in the first datacenter;
 * consistency levels name theirs.
 */
public final class DatacenterProfile {

    private DatacenterProfile() {}

    /**
     * @throws IllegalArgumentException when a datacenter has no sample of some message, or no
     *     message crossed some ordered pair of datacenters
     */
    /**
     * @param shorten each datacenter's own delays without tracing's cost, by datacenter name
     * @param calibration what was taken off, for the provenance
     */
    public static LatencyProfile of(
            ProbeSnapshot snapshot,
            DatacenterMeasurements measured,
            String name,
            BiFunction<String, Map<WarsMessage, Histogram>, Map<WarsMessage, Histogram>> shorten,
            String calibration) {
        List<String> names = List.copyOf(measured.replication().factors().keySet());
        Map<String, Map<WarsMessage, Histogram>> traced = ownByDatacenter(snapshot, measured, names);
        Map<String, Map<WarsMessage, Histogram>> own = new LinkedHashMap<>();
        traced.forEach((datacenter, delays) -> own.put(datacenter, shorten.apply(datacenter, delays)));
        List<DelayOverrides> overrides = new ArrayList<>();
        int[] replicaDatacenters = new int[measured.replication().replicas()];
        int slot = 0;
        for (int index = 0; index < names.size(); index++) {
            Map<WarsMessage, Histogram> delays = own.get(names.get(index));
            for (int copy = 0; copy < measured.replication().factor(names.get(index)); copy++) {
                replicaDatacenters[slot++] = index;
                overrides.add(new DelayOverrides(
                        empirical(delays.get(WarsMessage.WRITE)),
                        empirical(delays.get(WarsMessage.ACKNOWLEDGEMENT)),
                        empirical(delays.get(WarsMessage.READ)),
                        empirical(delays.get(WarsMessage.RESPONSE))));
            }
        }
        List<DatacenterPairDelay> pairs = new ArrayList<>();
        StringJoiner fits = new StringJoiner("; ");
        for (int from = 0; from < names.size(); from++) {
            for (int to = 0; to < names.size(); to++) {
                if (from == to) {
                    continue;
                }
                InterDatacenterDelayFit.Fit fit = InterDatacenterDelayFit.fit(
                        estimates(measured, traced, names.get(from), names.get(to)), names.get(from), names.get(to));
                pairs.add(new DatacenterPairDelay(from, to, fit.delay()));
                fits.add(names.get(from) + " -> " + names.get(to) + ": " + fit.describe());
            }
        }
        Map<WarsMessage, Histogram> pooled = pooled(own.values());
        MessageDelays defaults = new MessageDelays(
                empirical(pooled.get(WarsMessage.WRITE)),
                empirical(pooled.get(WarsMessage.ACKNOWLEDGEMENT)),
                empirical(pooled.get(WarsMessage.READ)),
                empirical(pooled.get(WarsMessage.RESPONSE)));
        return LatencyProfile.builder(name)
                .description("Measured W, A, R, S and inter-datacenter delays of Cassandra cluster '"
                        + snapshot.clusterName() + "' (" + measured.replication() + ")")
                .provenance(provenance(snapshot, measured, traced, names, fits.toString()) + calibration)
                .defaults(defaults)
                .replicaOverrides(overrides)
                .topology(
                        DatacenterTopology.named(names, replicaDatacenters, null, pairs, CoordinatorPlacement.fixed(0)))
                .build();
    }

    /** Each datacenter's own W, A, R and S, pooled over its nodes, from coordinators of the same datacenter. */
    private static Map<String, Map<WarsMessage, Histogram>> ownByDatacenter(
            ProbeSnapshot snapshot, DatacenterMeasurements measured, List<String> names) {
        Map<String, Map<WarsMessage, Histogram>> own = new LinkedHashMap<>();
        for (String datacenter : names) {
            List<Map<WarsMessage, Histogram>> replicas = new ArrayList<>();
            snapshot.delaysMicros().forEach((replica, messages) -> {
                if (datacenter.equals(measured.datacenterOf().get(replica))) {
                    replicas.add(messages);
                }
            });
            Map<WarsMessage, Histogram> delays = pooled(replicas);
            for (WarsMessage message : WarsMessage.values()) {
                if (delays.get(message).getTotalCount() == 0) {
                    throw new IllegalArgumentException(
                            "no " + message.letter() + " samples were measured in datacenter "
                                    + datacenter + " (" + snapshot.operations().traced() + " traced operations, "
                                    + snapshot.operations().tracesRead() + " traces read): run longer, raise --rate or "
                                    + "--trace-fraction, or check that its nodes are up");
                }
            }
            own.put(datacenter, delays);
        }
        return own;
    }

    /**
     * The estimates of D(from, to): requests from coordinators in {@code from} to replicas in
     * {@code to} (W and R), and answers from replicas in {@code from} to coordinators in {@code to}
     * (A and S), each against the same message's own delays in the replica's datacenter.
     */
    private static List<InterDatacenterDelayFit.Estimate> estimates(
            DatacenterMeasurements measured, Map<String, Map<WarsMessage, Histogram>> own, String from, String to) {
        List<InterDatacenterDelayFit.Estimate> estimates = new ArrayList<>();
        Map<WarsMessage, Histogram> requests =
                measured.crossingMicros().getOrDefault(DatacenterMeasurements.pair(from, to), Map.of());
        for (WarsMessage message : List.of(WarsMessage.WRITE, WarsMessage.READ)) {
            if (requests.containsKey(message)) {
                estimates.add(new InterDatacenterDelayFit.Estimate(
                        requests.get(message), own.get(to).get(message)));
            }
        }
        Map<WarsMessage, Histogram> answers =
                measured.crossingMicros().getOrDefault(DatacenterMeasurements.pair(to, from), Map.of());
        for (WarsMessage message : List.of(WarsMessage.ACKNOWLEDGEMENT, WarsMessage.RESPONSE)) {
            if (answers.containsKey(message)) {
                estimates.add(new InterDatacenterDelayFit.Estimate(
                        answers.get(message), own.get(from).get(message)));
            }
        }
        return estimates;
    }

    private static Map<WarsMessage, Histogram> pooled(Iterable<Map<WarsMessage, Histogram>> replicas) {
        Map<WarsMessage, Histogram> pooled = new EnumMap<>(WarsMessage.class);
        for (WarsMessage message : WarsMessage.values()) {
            pooled.put(message, new Histogram(WarsRecorder.HIGHEST_MICROS, 3));
        }
        for (Map<WarsMessage, Histogram> messages : replicas) {
            messages.forEach((message, histogram) -> pooled.get(message).add(histogram));
        }
        return pooled;
    }

    private static String provenance(
            ProbeSnapshot snapshot,
            DatacenterMeasurements measured,
            Map<String, Map<WarsMessage, Histogram>> own,
            List<String> names,
            String fits) {
        StringJoiner samples = new StringJoiner("; ");
        for (String datacenter : names) {
            StringJoiner counts = new StringJoiner(", ");
            for (WarsMessage message : WarsMessage.values()) {
                counts.add(message.letter() + " "
                        + own.get(datacenter).get(message).getTotalCount());
            }
            samples.add(datacenter + ": " + counts);
        }
        ProbeCounters operations = snapshot.operations();
        Duration window = Duration.between(snapshot.started(), snapshot.at()).truncatedTo(ChronoUnit.SECONDS);
        return String.format(
                Locale.ROOT,
                "Measured by pbs probe on Cassandra cluster '%s' (Cassandra %s, replication %s, coordinators in "
                        + "every datacenter) from %s to %s (%d s): %d operations, %d traced (writes at ALL, reads half "
                        + "at ALL, half at ONE), %d traces read, %d replica samples discarded as incomplete. Each "
                        + "datacenter's own delays, from coordinators of the same datacenter, pooled over its nodes "
                        + "(samples %s), as for one datacenter: one-way delays from query traces, microseconds, counted "
                        + "from the start of the coordinator's request, the wire time counted with the answer within a "
                        + "datacenter and split equally between the two directions across datacenters. Inter-datacenter one-way delays D = c + Exponential(s), from the messages that "
                        + "crossed: c and s such that the quantiles of the replica's own delay plus D match the crossing "
                        + "messages' from the 5th to the 95th percentile: %s.",
                snapshot.clusterName(),
                snapshot.cassandraVersion(),
                measured.replication(),
                snapshot.started().truncatedTo(ChronoUnit.SECONDS),
                snapshot.at().truncatedTo(ChronoUnit.SECONDS),
                window.toSeconds(),
                operations.issued(),
                operations.traced(),
                operations.tracesRead(),
                operations.samplesDiscarded(),
                samples,
                fits);
    }

    private static dev.pbs.model.distribution.LatencyDistribution empirical(Histogram histogram) {
        return Empirical.of(histogram, TimeUnit.MICROSECONDS);
    }
}
