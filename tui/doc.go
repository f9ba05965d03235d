// Package tui is bangsim's terminal table (`bangsim play`): a person takes one seat
// of a game among bots. It knows no game: a Game (game.go) says what the person's
// seat may know (Board), what happened (Step.Lines), what the person must decide
// (Ask: options described in words, or dice to toggle) and the bots' ranking of those
// options (Hint); the model (model.go) paces the bots' moves, takes keys and draws the
// screen with bubbletea and lipgloss. Pipe (pipe.go) lets a game's own driver, which
// calls the person's seat like any other policy, run one step at a time under the UI.
package tui
