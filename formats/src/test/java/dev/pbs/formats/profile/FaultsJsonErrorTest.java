package dev.pbs.formats.profile;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Reading bad {@code faults} fails with a message naming the JSON path and the rule. */
class FaultsJsonErrorTest {

    private static final String CONSTANT = "{\"type\": \"constant\", \"value_ms\": 1000}";
    private static final String PAUSES = "\"pauses\": {\"interval\": " + CONSTANT + ", \"duration\": " + CONSTANT + "}";
    private static final String OUTAGE_TIMES = "\"time_between_failures\": " + CONSTANT + ", \"duration\": " + CONSTANT;
    private static final String THREE_REPLICAS = ", \"replicas\": [{}, {}, {}]";

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(
            delimiter = '|',
            value = {
                "{}| faults: needs \"pauses\", \"outages\" or both (leave \"faults\" out for healthy replicas)",
                "{\"replicas\": [1]}"
                        + "| faults: needs \"pauses\", \"outages\" or both (leave \"faults\" out for healthy replicas)",
                "[]| faults: the faults must be a JSON object, was []",
                "{" + PAUSES + ", \"storms\": 1}"
                        + "| faults.storms: unknown field in the faults (allowed: pauses, outages, replicas)",
                "{\"pauses\": 5}| faults.pauses: the pauses must be a JSON object, was 5",
                "{\"pauses\": {\"interval\": " + CONSTANT + "}}| faults.pauses.duration: required field is missing",
                "{\"pauses\": {\"interval\": " + CONSTANT + ", \"duration\": " + CONSTANT + ", \"length\": 1}}"
                        + "| faults.pauses.length: unknown field in the pauses (allowed: interval, duration)",
                "{\"pauses\": {\"interval\": " + CONSTANT
                        + ", \"duration\": {\"type\": \"constant\", \"value_ms\": 0}}}"
                        + "| faults.pauses.duration: the pause duration needs a mean above 0 ms, was Constant(0.0 ms)",
                "{\"pauses\": {\"interval\": {\"type\": \"pareto\", \"xm_ms\": 1, \"alpha\": 1}, \"duration\": "
                        + CONSTANT + "}}"
                        + "| faults.pauses.interval: the interval between pauses needs a finite mean, was "
                        + "Pareto(xm=1.0 ms, alpha=1.0)",
                "{\"pauses\": {\"interval\": " + CONSTANT
                        + ", \"duration\": {\"type\": \"exponential\", \"mean_ms\": 0}}}"
                        + "| faults.pauses.duration.mean_ms: exponential mean_ms must be finite and > 0, was 0.0",
                "{\"outages\": {" + OUTAGE_TIMES + "}}| faults.outages.hint_replay_delay: required field is missing",
                "{\"outages\": {" + OUTAGE_TIMES + ", \"hint_replay_delay\": " + CONSTANT + ", \"hint_window\": 1}}"
                        + "| faults.outages.hint_window: unknown field in the outages (allowed: time_between_failures, "
                        + "duration, hint_window_ms, hint_replay_delay)",
                "{\"outages\": {" + OUTAGE_TIMES + ", \"hint_window_ms\": -1, \"hint_replay_delay\": " + CONSTANT + "}}"
                        + "| faults.outages.hint_window_ms: the hint window must be finite and >= 0 ms, was -1.0",
                "{\"outages\": {" + OUTAGE_TIMES + ", \"hint_window_ms\": 1e999, \"hint_replay_delay\": " + CONSTANT
                        + "}}| faults.outages.hint_window_ms: the hint window must be finite and >= 0 ms, was Infinity",
                "{\"outages\": {" + OUTAGE_TIMES + ", \"hint_window_ms\": \"3h\", \"hint_replay_delay\": " + CONSTANT
                        + "}}| faults.outages.hint_window_ms: must be a number, was \"3h\"",
                "{\"outages\": {\"time_between_failures\": {\"type\": \"pareto\", \"xm_ms\": 1, \"alpha\": 0.5}, "
                        + "\"duration\": " + CONSTANT + ", \"hint_replay_delay\": " + CONSTANT + "}}"
                        + "| faults.outages.time_between_failures: the time between failures needs a finite mean, was "
                        + "Pareto(xm=1.0 ms, alpha=0.5)",
                "{\"outages\": {\"time_between_failures\": " + CONSTANT + ", \"duration\": {\"type\": \"constant\", "
                        + "\"value_ms\": 0}, \"hint_replay_delay\": " + CONSTANT + "}}"
                        + "| faults.outages.duration: the outage duration needs a mean above 0 ms, was Constant(0.0 ms)",
                "{\"outages\": {" + OUTAGE_TIMES + ", \"hint_replay_delay\": {\"type\": \"weibull\"}}}"
                        + "| faults.outages.hint_replay_delay.type: unknown distribution type 'weibull' (known: constant, "
                        + "exponential, pareto, lognormal, mixture, shifted, empirical)",
                "{" + PAUSES + ", \"replicas\": []}"
                        + "| faults.replicas: must be a non-empty array of replica numbers from 1 (leave it out to "
                        + "strike every replica), was []",
                "{" + PAUSES + ", \"replicas\": 3}"
                        + "| faults.replicas: must be a non-empty array of replica numbers from 1 (leave it out to "
                        + "strike every replica), was 3",
                "{" + PAUSES + ", \"replicas\": [0]}| faults.replicas[0]: replica numbers start at 1, was 0",
                "{" + PAUSES + ", \"replicas\": [2, -1]}| faults.replicas[1]: replica numbers start at 1, was -1",
                "{" + PAUSES + ", \"replicas\": [2, 1.5]}| faults.replicas[1]: must be a whole number, was 1.5",
                "{" + PAUSES + ", \"replicas\": [\"3\"]}| faults.replicas[0]: must be a whole number, was \"3\"",
                "{" + PAUSES + ", \"replicas\": [3, 1, 3]}| faults.replicas[2]: replica 3 is listed twice",
                "{" + PAUSES + ", \"replicas\": [1025]}"
                        + "| faults.replicas[0]: a replica number must be at most 1024 (the largest N), was 1025",
            })
    void read_badFaults_namesPathAndRule(String faults, String expected) {
        assertThatThrownBy(() -> ProfileJson.read(ProfileJsonTest.minimal(", \"faults\": " + faults)))
                .isInstanceOf(ProfileFormatException.class)
                .hasMessage(expected);
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(
            delimiter = '|',
            value = {
                THREE_REPLICAS + ", \"faults\": {" + PAUSES + ", \"replicas\": [2, 4]}"
                        + "| faults.replicas[1]: replica 4 is beyond the profile's 3 replicas",
                ", \"datacenters\": {\"replica_dc\": [0, 1], \"inter_dc_delay\": " + CONSTANT + "}, \"faults\": {"
                        + PAUSES + ", \"replicas\": [3]}"
                        + "| faults.replicas[0]: replica 3 is beyond the profile's 2 replicas",
            })
    void read_replicaBeyondTheProfilesN_namesTheReplica(String extra, String expected) {
        assertThatThrownBy(() -> ProfileJson.read(ProfileJsonTest.minimal(extra)))
                .isInstanceOf(ProfileFormatException.class)
                .hasMessage(expected);
    }
}
