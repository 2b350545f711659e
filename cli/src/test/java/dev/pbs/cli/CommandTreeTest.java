package dev.pbs.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

/** A run builds only the branch of the command it names; the usage and unknown commands get the whole tree. */
class CommandTreeTest {

    private static final String[] COMMANDS = {
        "predict", "tune", "profile", "fit", "serve", "cassandra", "probe", "replay", "fidelity"
    };

    @Test
    void namedCommand_onlyItsBranch() {
        assertThat(PbsCommandLine.configured("predict").getSubcommands()).containsOnlyKeys("predict");
        assertThat(PbsCommandLine.configured("cassandra")
                        .getSubcommands()
                        .get("cassandra")
                        .getSubcommands())
                .containsKeys("start", "status", "stop");
    }

    @Test
    void noCommandOrAnOption_theWholeTreeInTheUsagesOrder() {
        assertThat(PbsCommandLine.configured(null).getSubcommands().keySet()).containsExactly(COMMANDS);
        assertThat(PbsCommandLine.configured("--help").getSubcommands().keySet())
                .containsExactly(COMMANDS);
    }

    @Test
    void usage_listsEveryCommand_andAnUnknownOneIsBadInput() {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int status = PbsCommandLine.execute(new PrintWriter(out), new PrintWriter(err), false, "--help");
        assertThat(status).isZero();
        for (String command : COMMANDS) {
            assertThat(out.toString()).contains("  " + command + " ");
        }
        int unknown = PbsCommandLine.execute(new PrintWriter(out), new PrintWriter(err), false, "predcit");
        assertThat(unknown).isEqualTo(PbsCommandLine.EXIT_BAD_INPUT);
        assertThat(err.toString()).contains("pbs: Unmatched argument at index 0: 'predcit'");
    }
}
