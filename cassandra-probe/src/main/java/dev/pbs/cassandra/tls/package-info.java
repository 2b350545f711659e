/**
 * Client-to-node TLS for the probe and the local cluster: secrets read from an environment variable
 * or a file (never from the command line, never printed), key and trust stores checked before any
 * connection with one clear message per problem, the {@code SSLContext} built from them, TLS
 * handshake failures put in words, and the self-signed certificates of a local secure cluster.
 */
package dev.pbs.cassandra.tls;
