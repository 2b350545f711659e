package dev.pbs.service.requests;

import com.fasterxml.jackson.databind.JsonNode;
import dev.pbs.montecarlo.ReadFanout;
import dev.pbs.questions.InvalidQuestionException;
import dev.pbs.questions.PredictionQuestion;
import dev.pbs.questions.PredictionQuestionBuilder;
import dev.pbs.questions.QuestionLimits;
import dev.pbs.questions.Vocabulary;
import dev.pbs.service.core.ProfileStore;
import java.util.List;

/**
 * Makes the {@link PredictionQuestion} of {@code ./pbs predict} of a {@code POST /api/v1/predictions}
 * body, which Jackson has read (JSON types checked): the question checks every value against the
 * configured limits.
 */
public final class PredictionRequestReader {

    private final ProfileStore profiles;
    private final QuestionLimits limits;
    private final int threads;

    /** @param threads worker threads of every simulation */
    public PredictionRequestReader(ProfileStore profiles, QuestionLimits limits, int threads) {
        this.profiles = profiles;
        this.limits = limits;
        this.threads = threads;
    }

    /**
     * @throws InvalidQuestionException naming the first problem found
     * @throws dev.pbs.service.core.UnknownProfileException when the named profile is not stored
     */
    public PredictionQuestion read(PredictionRequestBody body) {
        PredictionQuestionBuilder question = PredictionQuestion.builder(
                        RequestProfiles.resolve(body.profile(), body.profileInline(), profiles),
                        limits,
                        Vocabulary.JSON)
                .replicas(body.n())
                .quorums(body.r(), body.w())
                .timesMillis(body.tMillis())
                .windows(body.windows())
                .staleProbabilities(Boolean.TRUE.equals(body.staleProbabilities()))
                .percentiles(body.percentiles())
                .versionsBehind(longs(body.versionsBehind()))
                .trials(body.trials())
                .seed(body.seed())
                .threads(threads)
                .readFanout(readFanout(body.readFanout()))
                .speculativeRetry(body.speculativeRetry())
                .readRepair(body.readRepair())
                .replicaChoice(body.replicaChoice(), body.snitchBadnessThreshold())
                .writeLevels(body.writeLevels())
                .readLevels(body.readLevels())
                .writeDatacenters(body.writeDatacenters())
                .readDatacenters(body.readDatacenters())
                .everyLevel(everyLevel(body.levels()))
                .datacenterMatrix(Boolean.TRUE.equals(body.datacenterMatrix()))
                .sessions(body.writeRate(), body.readIntervalMillis());
        if (body.coordinatorReplica() != null) {
            question.coordinatorReplica(body.coordinatorReplica());
        }
        List<Double> share = body.coordinatorReplicaShare();
        if (share != null) {
            question.coordinatorReplicaShare(share.get(0), share.get(1));
        }
        return question.pauses(body.pauseEveryMillis(), body.pauseForMillis(), body.pauseTiming())
                .outages(
                        body.outageEveryMillis(),
                        body.outageForMillis(),
                        body.hintWindowMillis(),
                        body.hintReplayMillis())
                .faultyReplicas(longs(body.faultyReplicas()))
                .healthy(Boolean.TRUE.equals(body.healthy()))
                .recovery(body.recoveryOutageMillis(), body.recoveryTimesMillis())
                .build();
    }

    private static List<Long> longs(List<Integer> values) {
        return values == null ? null : values.stream().map(Long::valueOf).toList();
    }

    /**
     * {@code coordinator_replica_share}: a number, the share of writes and of reads, or an object
     * {@code {"writes": W, "reads": R}}, as the writes' and the reads'; null when absent. JSON types
     * are checked here, when Jackson reads the body, the values (each from 0 to 1) by the question.
     */
    static List<Double> coordinatorReplicaShare(JsonFields fields) {
        String name = "coordinator_replica_share";
        if (!fields.has(name)) {
            return null;
        }
        JsonNode node = fields.node(name);
        String forms = "'" + name + "' must be a number from 0 to 1 or an object {\"writes\": W, \"reads\": R} "
                + "of two, was ";
        if (node.isNumber()) {
            return List.of(node.doubleValue(), node.doubleValue());
        }
        if (!node.isObject()) {
            throw new InvalidQuestionException(forms + JsonFields.shorten(node.toString()));
        }
        double[] shares = new double[2];
        List<String> sides = List.of("writes", "reads");
        for (java.util.Iterator<String> names = node.fieldNames(); names.hasNext(); ) {
            String field = names.next();
            if (!sides.contains(field)) {
                throw new InvalidQuestionException("'" + name + "' has an unknown field '" + JsonFields.shorten(field)
                        + "'; it holds \"writes\" and \"reads\"");
            }
        }
        for (int i = 0; i < shares.length; i++) {
            JsonNode share = node.get(sides.get(i));
            if (share == null || share.isNull()) {
                throw new InvalidQuestionException(
                        "'" + name + "' needs both \"writes\" and \"reads\", had no \"" + sides.get(i) + "\"");
            }
            if (!share.isNumber()) {
                throw new InvalidQuestionException("'" + name + "' \"" + sides.get(i) + "\" must be a number from 0 "
                        + "to 1, was " + JsonFields.shorten(share.toString()));
            }
            shares[i] = share.doubleValue();
        }
        return List.of(shares[0], shares[1]);
    }

    private static boolean everyLevel(String text) {
        if (text == null) {
            return false;
        }
        if (!text.trim().equalsIgnoreCase("all")) {
            throw new InvalidQuestionException(
                    "'levels' must be \"all\" (every level pair), was \"" + JsonFields.shorten(text) + "\"");
        }
        return true;
    }

    /** {@code read_fanout}, shared with the recommendation request; null when not given. */
    static ReadFanout readFanout(String text) {
        if (text == null) {
            return null; // not given: all, or the profile's read path
        }
        try {
            return ReadFanout.parse(text);
        } catch (IllegalArgumentException unknown) {
            throw new InvalidQuestionException(
                    "'read_fanout' must be \"all\" or \"targeted\", was \"" + JsonFields.shorten(text) + "\"");
        }
    }
}
