//! Centrifugo's JSON client protocol (v5), the part the npm `centrifuge` client uses: commands in,
//! replies (same `id`) and pushes (no `id`) out, several per frame separated by `\n`, an empty
//! object as the server's ping and the client's pong, and close codes for server disconnects.

use serde::Deserialize;
use serde_json::{Value, json};

/// One command of a client frame. Unknown fields are ignored, as Centrifugo does.
#[derive(Debug, Default, Deserialize)]
pub struct Command {
    #[serde(default)]
    pub id: u32,
    pub connect: Option<ConnectRequest>,
    pub subscribe: Option<ChannelRequest>,
    pub unsubscribe: Option<ChannelRequest>,
    pub refresh: Option<RefreshRequest>,
    pub publish: Option<Value>,
    pub presence: Option<Value>,
    pub presence_stats: Option<Value>,
    pub history: Option<Value>,
    pub rpc: Option<Value>,
    pub send: Option<Value>,
    pub sub_refresh: Option<Value>,
}

#[derive(Debug, Default, Deserialize)]
pub struct ConnectRequest {
    #[serde(default)]
    pub token: String,
}

#[derive(Debug, Deserialize)]
pub struct ChannelRequest {
    #[serde(default)]
    pub channel: String,
}

#[derive(Debug, Deserialize)]
pub struct RefreshRequest {
    #[serde(default)]
    pub token: String,
}

pub enum Method {
    /// The client's answer to a server ping: an empty command.
    Pong,
    Connect(ConnectRequest),
    Subscribe(ChannelRequest),
    Unsubscribe(ChannelRequest),
    Refresh(RefreshRequest),
    /// A one-way message to the server: nothing here handles them, so they are dropped.
    Send,
    /// Publishing from the client is not allowed on any channel.
    Publish,
    /// History and presence are not kept.
    NotAvailable,
    Unknown,
}

impl Command {
    pub fn method(self) -> Method {
        if let Some(connect) = self.connect {
            Method::Connect(connect)
        } else if let Some(subscribe) = self.subscribe {
            Method::Subscribe(subscribe)
        } else if let Some(unsubscribe) = self.unsubscribe {
            Method::Unsubscribe(unsubscribe)
        } else if let Some(refresh) = self.refresh {
            Method::Refresh(refresh)
        } else if self.send.is_some() {
            Method::Send
        } else if self.publish.is_some() {
            Method::Publish
        } else if self.presence.is_some() || self.presence_stats.is_some() || self.history.is_some()
        {
            Method::NotAvailable
        } else if self.rpc.is_some() || self.sub_refresh.is_some() || self.id != 0 {
            Method::Unknown
        } else {
            Method::Pong
        }
    }
}

/// An error in a reply: the client decides from the code whether to retry.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ReplyError {
    pub code: u32,
    pub message: &'static str,
    /// A temporary error is retried by the client (Centrifugo marks internal errors so).
    pub temporary: bool,
}

impl ReplyError {
    const fn new(code: u32, message: &'static str) -> Self {
        Self {
            code,
            message,
            temporary: false,
        }
    }

    pub const INTERNAL: Self = Self {
        code: 100,
        message: "internal server error",
        temporary: true,
    };
    pub const UNKNOWN_CHANNEL: Self = Self::new(102, "unknown channel");
    pub const PERMISSION_DENIED: Self = Self::new(103, "permission denied");
    pub const METHOD_NOT_FOUND: Self = Self::new(104, "method not found");
    pub const ALREADY_SUBSCRIBED: Self = Self::new(105, "already subscribed");
    pub const LIMIT_EXCEEDED: Self = Self::new(106, "limit exceeded");
    pub const BAD_REQUEST: Self = Self::new(107, "bad request");
    pub const NOT_AVAILABLE: Self = Self::new(108, "not available");
    pub const TOKEN_EXPIRED: Self = Self::new(109, "token expired");
}

/// A server disconnect, sent as the WebSocket close code and reason. Codes 3000–3499 tell the
/// client to reconnect; 3500 and above are terminal.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Disconnect {
    pub code: u16,
    pub reason: &'static str,
}

impl Disconnect {
    pub const SHUTDOWN: Self = Self {
        code: 3001,
        reason: "shutdown",
    };
    pub const EXPIRED: Self = Self {
        code: 3005,
        reason: "expired",
    };
    pub const SLOW: Self = Self {
        code: 3008,
        reason: "slow",
    };
    pub const NO_PONG: Self = Self {
        code: 3012,
        reason: "no pong",
    };
    pub const INVALID_TOKEN: Self = Self {
        code: 3500,
        reason: "invalid token",
    };
    pub const BAD_REQUEST: Self = Self {
        code: 3501,
        reason: "bad request",
    };
    pub const STALE: Self = Self {
        code: 3502,
        reason: "stale",
    };
}

pub fn reply(id: u32, method: &str, result: Value) -> Value {
    json!({ "id": id, method: result })
}

pub fn error_reply(id: u32, error: ReplyError) -> Value {
    let mut body = json!({ "code": error.code, "message": error.message });
    if error.temporary {
        body["temporary"] = Value::Bool(true);
    }
    json!({ "id": id, "error": body })
}

/// A publication push, serialised once and sent as it is to every subscriber.
pub fn publication(channel: &str, data: &Value) -> String {
    json!({ "push": { "channel": channel, "pub": { "data": data } } }).to_string()
}

/// The server's ping; the client answers with the same empty object.
pub const PING: &str = "{}";

/// The commands of one frame: one JSON object per non-empty line.
pub fn parse_frame(text: &str) -> Result<Vec<Command>, serde_json::Error> {
    text.split('\n')
        .map(str::trim)
        .filter(|line| !line.is_empty())
        .map(serde_json::from_str)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_frame_holds_commands_separated_by_newlines() {
        let commands = parse_frame(
            "{\"id\":1,\"connect\":{\"token\":\"t\",\"name\":\"js\"}}\n{\"id\":2,\"subscribe\":{\"channel\":\"global:online\"}}\n{}\n",
        )
        .expect("valid");
        let methods: Vec<Method> = commands.into_iter().map(Command::method).collect();
        assert!(matches!(&methods[0], Method::Connect(c) if c.token == "t"));
        assert!(matches!(&methods[1], Method::Subscribe(s) if s.channel == "global:online"));
        assert!(matches!(methods[2], Method::Pong));
        assert!(parse_frame("{\"id\":1}\nnot json").is_err());
    }

    #[test]
    fn replies_and_pushes_have_the_wire_shape() {
        assert_eq!(
            reply(3, "subscribe", json!({})).to_string(),
            r#"{"id":3,"subscribe":{}}"#
        );
        assert_eq!(
            error_reply(4, ReplyError::PERMISSION_DENIED).to_string(),
            r#"{"error":{"code":103,"message":"permission denied"},"id":4}"#
        );
        assert_eq!(
            error_reply(1, ReplyError::INTERNAL)["error"]["temporary"],
            true
        );
        assert_eq!(
            publication("global:online", &json!({"online": 2})),
            r#"{"push":{"channel":"global:online","pub":{"data":{"online":2}}}}"#
        );
    }
}
