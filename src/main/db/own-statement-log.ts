import { OwnStatementShapes } from '../../shared/tuning/own-statement-shapes';

/**
 * The shapes of every statement this process sent on its own, whatever the connection: the
 * Tuning screen's digest reader needs them to recognise Sightline's digests on servers that
 * keep no example statements, and the statements go out on connections it never sees.
 */
export const ownStatementLog = new OwnStatementShapes();
