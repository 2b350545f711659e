package dev.pbs.questions;

import dev.pbs.model.profile.DatacenterTopology;
import dev.pbs.model.profile.LatencyProfile;
import java.util.List;
import java.util.Objects;

/**
 * A validated SLA question ({@code GET /api/v1/sla/window}): how long after commit a read of one
 * (N, R, W) must start to be consistent with probability p; or, for consistency levels across
 * datacenters (levels or datacenters named, or a profile that names its datacenters), a read at
 * one level after a write at one level coordinated in one datacenter, the read coordinated in the
 * datacenter named or, by default, in each datacenter (the answer is then the longest window).
 *
 * @param prediction the prediction that answers it: one configuration (for levels, one per read
 *     datacenter), t = 0, the window at p
 * @param probability p, in (0, 1)
 */
public record SlaQuestion(PredictionQuestion prediction, double probability) {

    /** p when the question gives none. */
    public static final double DEFAULT_PROBABILITY = 0.999;

    public SlaQuestion {
        Objects.requireNonNull(prediction, "prediction");
    }

    public static Builder builder(LatencyProfile profile, QuestionLimits limits, Vocabulary vocabulary) {
        return new Builder(profile, limits, vocabulary);
    }

    /** Whether the question is about consistency levels across datacenters. */
    public boolean isLevels() {
        return prediction.isLevels();
    }

    /** Collects a question's values as given (null: not given) and checks them all in {@link #build()}. */
    public static final class Builder {

        private final PredictionQuestionBuilder prediction;
        private final LatencyProfile profile;
        private final Rules rules;
        private final boolean namedTopology;
        private Long replicas;
        private String readQuorum;
        private String writeQuorum;
        private Double probability;
        private String writeLevel;
        private String readLevel;
        private String writeDatacenter;
        private String readDatacenter;

        private Builder(LatencyProfile profile, QuestionLimits limits, Vocabulary vocabulary) {
            this.prediction = PredictionQuestion.builder(profile, limits, vocabulary);
            this.profile = profile;
            this.rules = new Rules(vocabulary);
            this.namedTopology =
                    profile.topology().map(DatacenterTopology::isNamed).orElse(false);
        }

        public Builder replicas(Long replicas) {
            this.replicas = replicas;
            return this;
        }

        /** R and W, both required unless the question is about consistency levels (then neither). */
        public Builder quorums(String readQuorum, String writeQuorum) {
            this.readQuorum = readQuorum;
            this.writeQuorum = writeQuorum;
            return this;
        }

        /**
         * One consistency level for the write and one for the read (default LOCAL_QUORUM both), the
         * write's datacenter (default the first) and the read's (default each in turn); any of them
         * null when not given.
         */
        public Builder levels(String writeLevel, String readLevel, String writeDatacenter, String readDatacenter) {
            this.writeLevel = writeLevel;
            this.readLevel = readLevel;
            this.writeDatacenter = writeDatacenter;
            this.readDatacenter = readDatacenter;
            return this;
        }

        /** p in (0, 1); default {@link #DEFAULT_PROBABILITY}. */
        public Builder probability(Double probability) {
            this.probability = probability;
            return this;
        }

        public Builder trials(Long trials) {
            prediction.trials(trials);
            return this;
        }

        public Builder seed(Long seed) {
            prediction.seed(seed);
            return this;
        }

        public Builder threads(int threads) {
            prediction.threads(threads);
            return this;
        }

        /** @throws InvalidQuestionException naming the first problem found */
        public SlaQuestion build() {
            double p = probability == null ? DEFAULT_PROBABILITY : rules.finite(Field.PROBABILITY, probability);
            if (!(p > 0 && p < 1)) {
                throw rules.invalid(Field.PROBABILITY, "must be a probability in (0, 1), was " + Rules.text(p));
            }
            boolean levels = writeLevel != null
                    || readLevel != null
                    || writeDatacenter != null
                    || readDatacenter != null
                    || namedTopology;
            if (!levels) {
                rules.required(Field.N, replicas);
                rules.required(Field.R, readQuorum);
                rules.required(Field.W, writeQuorum);
            }
            PredictionQuestion question = prediction
                    .replicas(replicas)
                    .quorums(readQuorum, writeQuorum)
                    .writeLevels(one(writeLevel))
                    .readLevels(one(readLevel))
                    .writeDatacenters(one(writeDatacenter))
                    .readDatacenters(one(readDatacenter))
                    .timesMillis(List.of(0.0))
                    .windows(List.of(p))
                    .build();
            return new SlaQuestion(question, p);
        }

        private static List<String> one(String value) {
            return value == null ? null : List.of(value);
        }
    }
}
