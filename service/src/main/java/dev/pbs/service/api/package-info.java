/** Records on the wire: what the REST API reads and writes (errors use Dropwizard's {@code ErrorMessage}). */
package dev.pbs.service.api;
