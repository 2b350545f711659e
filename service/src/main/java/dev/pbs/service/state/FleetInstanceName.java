package dev.pbs.service.state;

import io.dropwizard.core.server.DefaultServerFactory;
import io.dropwizard.core.server.ServerFactory;
import io.dropwizard.core.server.SimpleServerFactory;
import io.dropwizard.jetty.ConnectorFactory;
import io.dropwizard.jetty.HttpConnectorFactory;
import java.net.InetAddress;
import java.net.UnknownHostException;

/**
 * An instance's name in the fleet: {@code state.instanceName} when set, else the host and port its API
 * listens on ({@code host:8080}, the machine's host name for an address that binds every interface).
 */
public final class FleetInstanceName {

    private FleetInstanceName() {}

    public static String of(StateConfiguration configuration, ServerFactory server) {
        if (configuration.getInstanceName() != null
                && !configuration.getInstanceName().isBlank()) {
            return configuration.getInstanceName().trim();
        }
        ConnectorFactory connector = null;
        if (server instanceof DefaultServerFactory defaults
                && !defaults.getApplicationConnectors().isEmpty()) {
            connector = defaults.getApplicationConnectors().get(0);
        } else if (server instanceof SimpleServerFactory simple) {
            connector = simple.getConnector();
        }
        String host = hostName();
        if (connector instanceof HttpConnectorFactory http) {
            String bind = http.getBindHost();
            return (bind == null || bind.isBlank() || "0.0.0.0".equals(bind) ? host : bind) + ":" + http.getPort();
        }
        return host + "-" + ProcessHandle.current().pid();
    }

    private static String hostName() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (UnknownHostException unknown) {
            return "localhost";
        }
    }
}
