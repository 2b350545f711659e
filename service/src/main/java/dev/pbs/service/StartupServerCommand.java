package dev.pbs.service;

import io.dropwizard.core.cli.Cli;
import io.dropwizard.core.cli.ServerCommand;
import net.sourceforge.argparse4j.inf.Namespace;

/**
 * Dropwizard's {@code server} command, which reports a failure to start as one line naming the
 * problem ({@link StartupProblem}) instead of a stack trace; the process then exits with 1.
 */
final class StartupServerCommand extends ServerCommand<PbsConfiguration> {

    StartupServerCommand(PbsApplication application) {
        super(application);
    }

    @Override
    public void onError(Cli cli, Namespace namespace, Throwable problem) {
        cli.getStdErr().println("pbs serve: " + StartupProblem.describe(problem));
        cli.getStdErr().flush();
    }
}
