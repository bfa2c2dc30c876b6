// The one GTP layer of both games: framing, codecs, the server loop, the client.
export { MAX_PROTOCOL_LINE, preprocessGtpLine, gtpWords, preprocessNboardLine, GtpError, parseGtpCommand, formatGtpReply, parseGtpReply, type GtpCommand, type GtpAnswer } from './framing.js';
export { othelloCodec, goCodec, parseGtpColorWord, GTP_RESIGN, type GtpCodec, type GoGtpCodec } from './codecs.js';
export { GtpServer, type GtpHandler, type GtpServerOptions, type GtpServerReply } from './server.js';
export { GtpClient, GtpClientError, GtpTimeoutError, GTP_STARTUP_MS, splitCommandLine, type GtpClientOptions, type GtpFailureCode } from './client.js';
