package dev.pbs.formats.report;

import static dev.pbs.formats.json.WholeNumbers.finiteOrNull;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.pbs.formats.json.JsonMapping;
import dev.pbs.formats.profile.ProfileDocument;
import dev.pbs.formats.wire.ConfigurationPrediction;
import dev.pbs.formats.wire.ConsistencyWindow;
import dev.pbs.formats.wire.FaultEffectsAnswer;
import dev.pbs.formats.wire.FaultProportion;
import dev.pbs.formats.wire.Prediction;
import dev.pbs.formats.wire.ReadRepairPoint;
import dev.pbs.formats.wire.Recovery;
import dev.pbs.model.profile.CoordinatorReplicaShare;
import dev.pbs.model.profile.LatencyProfile;
import dev.pbs.model.quorum.LevelConfiguration;
import dev.pbs.montecarlo.ConfigurationResult;
import dev.pbs.montecarlo.FaultEffects;
import dev.pbs.montecarlo.LevelSimulationResult;
import dev.pbs.montecarlo.LevelSimulationSpec;
import dev.pbs.montecarlo.ProportionEstimate;
import dev.pbs.montecarlo.QuantileEstimate;
import dev.pbs.montecarlo.RepairPoint;
import dev.pbs.montecarlo.SessionResult;
import dev.pbs.montecarlo.SimulationResult;
import dev.pbs.montecarlo.SimulationSpec;
import dev.pbs.montecarlo.Speculation;
import dev.pbs.montecarlo.VisibilityPoint;
import dev.pbs.montecarlo.rare.RareEventAnswer;
import dev.pbs.questions.RecoveryCurve;
import dev.pbs.questions.ReportOptions;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The JSON form of a prediction: the {@link Prediction} record built from the engine's result,
 * written by Jackson ({@link JsonMapping}).
 * <pre>
 * {"profile": {"name", "description", "provenance"}, "n", "trials", "seed", "read_fanout",
 *  "coordinator_replica", "quorum_expansion",
 *  "coordinator_replica_share": {"writes", "reads"}   (only when some coordinators are replicas, not all)
 *  "speculative_retry"                       (only when reads speculate)
 *  "read_repair": "blocking" or "none"       (only with read repair)
 *  "replica_choice": "snitch", "snitch_badness_threshold"   (only with the dynamic snitch)
 *  "datacenters": [names]                    (levels across datacenters only)
 *  "configs": [{"write_level", "read_level", "write_dc", "read_dc",   (levels only)
 *    "r", "w", "strict",
 *    "t_visibility":     [{"t_ms", "p_consistent", "ci95": [lo, hi], "consistent"}],
 *    "windows_ms":       [{"p", "t_ms", "ci95", "beyond_range"}],
 *    "read_latency_ms":  [{"percentile", "value", "ci95", "beyond_range"}],
 *    "write_latency_ms": [{"percentile", "value", "ci95", "beyond_range"}],
 *    "k_staleness":      [{"k", "p_stale"}],               closed form p_s^k
 *    "kt_staleness":     [{"k", "t_ms", "p_stale", "ci95"}],      (1 - P(consistent at t))^k
 *    "speculation":      {"threshold_ms", "p_speculated", "ci95"},   (only when reads speculate)
 *    "read_repair":      [{"t_ms", "p_mismatch", "mismatch_ci95", "p_repair", "ci95",
 *                          "mean_added_ms"}]}],   (only with read repair)
 *  "rare_events": {"method": "importance_sampling", "covered", "refused", "trials", "stopped",
 *                  "resolved", "target_relative_half_width", "mean_weight", "mean_weight_ci95"}
 *                                            (only when a figure asked for needed the rare-event method)
 *  "sessions": {"read_interval_ms", "write_rate", "trials",            (only when asked: write_rate)
 *    "configs": [{"r", "w", "monotonic_reads": {"p_violation", "ci95", "closed_form_bound"},
 *                 "read_your_writes": [{"t_ms", "p_read_own", "ci95"}]}]},
 *  "faults": "pauses of ... (replicas 3)",                         (only with faulty replicas)
 *  "recovery": {"outage_ms", "hinted_fraction",                    (only when asked: recovery_outage_ms)
 *               "points": [{"since_return_ms", "p_consistent"}]}}
 * </pre>
 * When the answer has {@code rare_events}, each window also has {@code "method"} ({@code
 * "monte_carlo"}, {@code "importance_sampling"} or {@code "exact"} for strict quorums), and an
 * importance-sampled one {@code "p_stale"}, {@code "p_stale_ci95"}, {@code "effective_sample_size"}
 * and {@code "resolved"}; with {@code stale_probabilities} each t-visibility point has {@code
 * "stale": {"p", "ci95", "method", "trials", "effective_sample_size", "resolved"}}.
 * With faulty replicas each entry of {@code configs} also has {@code "fault_effects":
 * {"p_write_unavailable", "p_read_unavailable", "p_read_waited_for_pause"}}, each {@code {"p",
 * "ci95", "trials"}} ({@code p} null when no trial counted), and no {@code k_staleness} (its closed
 * form is for healthy replicas).
 * <pre>
 * </pre>
 * Probabilities are written as full-precision doubles; times in milliseconds, percentiles and
 * window levels are written as integers when they are whole numbers and as full-precision
 * doubles otherwise. A quantile beyond the recorded range is {@code null} with
 * {@code "beyond_range": true}; so is any interval end that is not finite. The document depends
 * only on the spec and the counts, never on timing or threads, so a seed always gives the same
 * text.
 */
public final class PredictionJson {

    private PredictionJson() {}

    /** The record of a prediction. */
    public static Prediction answer(SimulationResult result, ReportOptions options) {
        return answer(result, null, options);
    }

    /**
     * The record of a prediction with its session guarantees.
     *
     * @param sessions the session simulation of the same spec, or null when none was asked
     */
    public static Prediction answer(SimulationResult result, SessionResult sessions, ReportOptions options) {
        return answer(result, sessions, options, null);
    }

    /**
     * The record of a prediction with its session guarantees and a replica's recovery from one
     * outage.
     *
     * @param sessions the session simulation of the same spec, or null when none was asked
     * @param recovery the recovery asked for, or null
     */
    public static Prediction answer(
            SimulationResult result, SessionResult sessions, ReportOptions options, RecoveryCurve recovery) {
        return answer(result, sessions, options, recovery, RareEventAnswer.none());
    }

    /**
     * The record of a prediction with its session guarantees, a replica's recovery from one outage,
     * and the rare-event method's figures.
     *
     * @param sessions the session simulation of the same spec, or null when none was asked
     * @param recovery the recovery asked for, or null
     * @param rare the rare-event method's figures ({@link RareEventAnswer#none()} when none)
     */
    public static Prediction answer(
            SimulationResult result,
            SessionResult sessions,
            ReportOptions options,
            RecoveryCurve recovery,
            RareEventAnswer rare) {
        SimulationSpec spec = result.spec();
        LatencyProfile profile = spec.profile();
        return new Prediction(
                new Prediction.Profile(profile.name(), profile.description(), profile.provenance()),
                spec.n(),
                spec.trials(),
                spec.seed(),
                spec.readFanout().text(),
                spec.coordinatorReplica(),
                partialShare(spec.coordinatorReplicaShare()),
                spec.expansion().name().toLowerCase(Locale.ROOT),
                spec.speculativeRetry().speculates() ? spec.speculativeRetry().text() : null,
                spec.readRepair().readsAgainOnMismatch() ? spec.readRepair().text() : null,
                spec.replicaChoice().snitch() ? spec.replicaChoice().text() : null,
                spec.replicaChoice().snitch() ? spec.replicaChoice().badnessThreshold() : null,
                null,
                result.configurations().stream()
                        .map(configuration -> configuration(configuration, options, List.of(), rare))
                        .toList(),
                sessions == null ? null : SessionAnswer.of(sessions),
                profile.faults().any() ? profile.faults().describe() : null,
                recovery == null ? null : recovery(recovery),
                RareEventJson.summary(rare));
    }

    /** The shares when some coordinators are replicas and others not; null when all are or none is. */
    private static ProfileDocument.CoordinatorReplicaShareDocument partialShare(CoordinatorReplicaShare share) {
        return share.isPartial()
                ? new ProfileDocument.CoordinatorReplicaShareDocument(share.writes(), share.reads())
                : null;
    }

    private static Recovery recovery(RecoveryCurve recovery) {
        return new Recovery(
                recovery.outageMillis(),
                recovery.hintedFraction(),
                recovery.points().stream()
                        .map(point -> new Recovery.Point(point.sinceReturnMillis(), point.consistent()))
                        .toList());
    }

    private static FaultEffectsAnswer faultEffects(FaultEffects effects) {
        return new FaultEffectsAnswer(
                proportion(effects.writeUnavailable()),
                proportion(effects.readUnavailable()),
                proportion(effects.readWaitedForPause()));
    }

    private static FaultProportion proportion(ProportionEstimate estimate) {
        return new FaultProportion(
                finiteOrNull(estimate.estimate()), List.of(estimate.lower(), estimate.upper()), estimate.trials());
    }

    /** The record of a prediction of consistency levels across datacenters. */
    public static Prediction answer(LevelSimulationResult result, ReportOptions options) {
        return answer(result, options, RareEventAnswer.none());
    }

    /**
     * The record of a prediction of consistency levels across datacenters, saying when the
     * rare-event method was needed (it does not cover levels: {@link RareEventAnswer#of(LevelSimulationResult,
     * List)}).
     */
    public static Prediction answer(LevelSimulationResult result, ReportOptions options, RareEventAnswer rare) {
        LevelSimulationSpec spec = result.spec();
        LatencyProfile profile = spec.profile();
        List<String> names = spec.replicas().names();
        return new Prediction(
                new Prediction.Profile(profile.name(), profile.description(), profile.provenance()),
                spec.n(),
                spec.trials(),
                spec.seed(),
                "targeted",
                spec.coordinatorReplica(),
                partialShare(spec.coordinatorReplicaShare()),
                "expanding",
                null,
                null,
                null,
                null,
                names,
                result.configurations().stream()
                        .map(configuration -> configuration(configuration, options, names, rare))
                        .toList(),
                null,
                null,
                null,
                RareEventJson.summary(rare));
    }

    /** The indented JSON text of a prediction of consistency levels, ending in a newline. */
    public static String toText(LevelSimulationResult result, ReportOptions options) {
        return JsonMapping.text(answer(result, options));
    }

    /** The same, saying when the rare-event method was needed. */
    public static String toText(LevelSimulationResult result, ReportOptions options, RareEventAnswer rare) {
        return JsonMapping.text(answer(result, options, rare));
    }

    /** The JSON tree of a prediction. */
    public static ObjectNode toJson(SimulationResult result, ReportOptions options) {
        return JsonMapping.tree(answer(result, options));
    }

    /** The indented JSON text of a prediction, ending in a newline. */
    public static String toText(SimulationResult result, ReportOptions options) {
        return JsonMapping.text(answer(result, options));
    }

    /** The indented JSON text of a prediction with its session guarantees (or null), ending in a newline. */
    public static String toText(SimulationResult result, SessionResult sessions, ReportOptions options) {
        return JsonMapping.text(answer(result, sessions, options));
    }

    private static ConfigurationPrediction configuration(
            ConfigurationResult result, ReportOptions options, List<String> datacenters, RareEventAnswer rare) {
        List<Prediction.Visibility> visibility = new ArrayList<>();
        for (VisibilityPoint point : result.visibility()) {
            visibility.add(RareEventJson.visibility(result, point, rare));
        }
        List<ConsistencyWindow> windows = new ArrayList<>();
        for (double probability : options.windows()) {
            windows.add(RareEventJson.window(result, probability, rare));
        }
        List<Prediction.VersionStaleness> versionStaleness = new ArrayList<>();
        List<Prediction.TimedStaleness> timedStaleness = new ArrayList<>();
        boolean healthy = result.faultEffects().isEmpty();
        for (int k : options.versionsBehind()) {
            if (healthy) {
                // The closed form counts quorum overlaps among healthy replicas only.
                versionStaleness.add(new Prediction.VersionStaleness(k, result.probabilityOlderThanVersions(k)));
            }
            for (VisibilityPoint point : result.visibility()) {
                // (1 - p)^k falls as p rises: the Wilson interval of p maps onto its ends.
                timedStaleness.add(new Prediction.TimedStaleness(
                        k,
                        point.tMillis(),
                        finiteOrNull(result.probabilityOlderThanVersionsAt(k, point)),
                        List.of(
                                Math.pow(1 - point.consistent().upper(), k),
                                Math.pow(1 - point.consistent().lower(), k))));
            }
        }
        LevelConfiguration levels = result.levels().orElse(null);
        return new ConfigurationPrediction(
                levels == null ? null : levels.writeLevel().name(),
                levels == null ? null : levels.readLevel().name(),
                levels == null ? null : datacenters.get(levels.writeDatacenter()),
                levels == null ? null : datacenters.get(levels.readDatacenter()),
                result.configuration().r(),
                result.configuration().w(),
                result.isStrict(),
                visibility,
                windows,
                latencies(result, options, true),
                latencies(result, options, false),
                versionStaleness,
                timedStaleness,
                result.speculation().map(PredictionJson::speculation).orElse(null),
                result.readRepair().map(PredictionJson::repairs).orElse(null),
                result.faultEffects().map(PredictionJson::faultEffects).orElse(null));
    }

    private static List<ReadRepairPoint> repairs(List<RepairPoint> points) {
        return points.stream()
                .map(point -> new ReadRepairPoint(
                        point.tMillis(),
                        point.mismatched().estimate(),
                        List.of(point.mismatched().lower(), point.mismatched().upper()),
                        point.repaired().estimate(),
                        List.of(point.repaired().lower(), point.repaired().upper()),
                        finiteOrNull(point.meanAddedMillis())))
                .toList();
    }

    private static Prediction.Speculation speculation(Speculation speculation) {
        ProportionEstimate speculated = speculation.speculated();
        return new Prediction.Speculation(
                finiteOrNull(speculation.thresholdMillis()),
                speculated.estimate(),
                List.of(speculated.lower(), speculated.upper()));
    }

    private static List<Prediction.Latency> latencies(
            ConfigurationResult result, ReportOptions options, boolean reads) {
        List<Prediction.Latency> latencies = new ArrayList<>();
        for (double percentile : options.percentiles()) {
            QuantileEstimate latency = reads ? result.readLatency(percentile) : result.writeLatency(percentile);
            latencies.add(new Prediction.Latency(
                    percentile, finiteOrNull(latency.valueMillis()), interval(latency), latency.isBeyondRange()));
        }
        return latencies;
    }

    /** The interval's ends, null where not finite. */
    private static List<Double> interval(QuantileEstimate quantile) {
        return RareEventJson.interval(quantile);
    }
}
