/**
 * The REST edge's translators: JSON bodies and query parameters into the neutral questions of
 * {@code dev.pbs.questions}, which check every value. JSON types are checked here; nothing here
 * knows HTTP statuses (the exception mappers in {@code errors} do).
 */
package dev.pbs.service.requests;
