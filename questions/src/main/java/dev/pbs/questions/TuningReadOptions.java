package dev.pbs.questions;

import dev.pbs.model.profile.LatencyProfile;
import dev.pbs.model.quorum.EchoedText;
import dev.pbs.model.readpath.SpeculativeRetry;
import dev.pbs.montecarlo.ReadFanout;
import dev.pbs.montecarlo.tuning.TuningReadPath;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A tuning question's read options as given (null: not given): predict's, except that the
 * speculative retry may list several settings to search over. Each setting is resolved exactly as
 * predict resolves its one ({@link ReadPathOptions}): a profile's own read path when the question
 * sets no read option, the question's otherwise; and refused for levels across datacenters.
 */
final class TuningReadOptions {

    private final ReadFanout readFanout;
    private final List<String> speculativeRetries;
    private final String readRepair;
    private final String replicaChoice;
    private final Double snitchBadnessThreshold;
    private final Rules rules;

    /**
     * @param speculativeRetries texts each of one setting or of several separated by commas
     *     outside parentheses ({@code NONE,MIN(99p,20ms)}); null when not given
     */
    TuningReadOptions(
            ReadFanout readFanout,
            List<String> speculativeRetries,
            String readRepair,
            String replicaChoice,
            Double snitchBadnessThreshold,
            Rules rules) {
        this.readFanout = readFanout;
        this.speculativeRetries = speculativeRetries;
        this.readRepair = readRepair;
        this.replicaChoice = replicaChoice;
        this.snitchBadnessThreshold = snitchBadnessThreshold;
        this.rules = rules;
    }

    /**
     * The read path of (N, R, W) tuning over {@code grid} (the times the requirements read), with
     * every speculative retry setting to search.
     *
     * @throws InvalidQuestionException naming the first problem found
     */
    TuningReadPath forConfigurations(LatencyProfile profile, double[] grid) {
        List<SpeculativeRetry> retries = new ArrayList<>();
        List<String> texts = new ArrayList<>();
        ReadPathOptions.Chosen chosen = null;
        for (String setting : settings()) {
            chosen = options(setting).forConfigurations(profile, grid, Field.REQUIRE);
            int earlier = retries.indexOf(chosen.speculativeRetry());
            if (earlier >= 0) {
                throw rules.invalid(
                        Field.SPECULATIVE_RETRY,
                        "lists " + chosen.speculativeRetry().text() + " twice ('" + EchoedText.of(texts.get(earlier))
                                + "' and '" + EchoedText.of(setting) + "')");
            }
            retries.add(chosen.speculativeRetry());
            texts.add(setting);
        }
        return new TuningReadPath(chosen.readFanout(), retries, chosen.readRepair(), chosen.replicaChoice());
    }

    /**
     * Refuses the options consistency levels across datacenters do not model yet, as predict does.
     *
     * @throws InvalidQuestionException naming the option
     */
    void refuseForLevels() {
        for (String setting : settings()) {
            options(setting).refuseForLevels();
        }
    }

    /** The settings one by one; a list of one null when none was given. */
    private List<String> settings() {
        if (speculativeRetries == null) {
            return Arrays.asList((String) null);
        }
        List<String> settings = new ArrayList<>();
        for (String text : speculativeRetries) {
            if (text == null) {
                throw rules.invalid(Field.SPECULATIVE_RETRY, "must hold settings such as NONE or 99p, had null");
            }
            for (String setting : split(text)) {
                if (setting.isBlank()) {
                    throw rules.invalid(
                            Field.SPECULATIVE_RETRY,
                            "has an empty setting in '" + EchoedText.of(text) + "': separate settings with single "
                                    + "commas, such as NONE,99p,ALWAYS");
                }
                settings.add(setting);
            }
        }
        if (settings.isEmpty()) {
            throw rules.invalid(Field.SPECULATIVE_RETRY, "needs at least one setting (" + SpeculativeRetry.FORMS + ")");
        }
        if (settings.size() > TuningReadPath.MAX_SPECULATIVE_RETRIES) {
            throw rules.invalid(
                    Field.SPECULATIVE_RETRY,
                    "may list at most " + TuningReadPath.MAX_SPECULATIVE_RETRIES + " settings, had " + settings.size());
        }
        return settings;
    }

    private ReadPathOptions options(String speculativeRetry) {
        return new ReadPathOptions(
                readFanout, speculativeRetry, readRepair, replicaChoice, snitchBadnessThreshold, rules);
    }

    /**
     * {@code text} cut at every comma outside parentheses, each part trimmed: {@code
     * NONE,MIN(99p,20ms)} is {@code NONE} and {@code MIN(99p,20ms)}. Empty parts are kept.
     */
    static List<String> split(String text) {
        List<String> parts = new ArrayList<>();
        int depth = 0;
        int start = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '(') {
                depth++;
            } else if (c == ')') {
                depth = Math.max(0, depth - 1);
            } else if (c == ',' && depth == 0) {
                parts.add(text.substring(start, i).trim());
                start = i + 1;
            }
        }
        parts.add(text.substring(start).trim());
        return parts;
    }
}
