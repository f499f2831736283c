package rpc

import "context"

// Status calls `status`.
func (c *Client) Status(ctx context.Context) (*Status, error) {
	var s Status
	if err := c.Call(ctx, MethodStatus, nil, &s); err != nil {
		return nil, err
	}
	return &s, nil
}

// Probe calls `probe` for one probe ID.
func (c *Client) Probe(ctx context.Context, id string) (*ProbeResult, error) {
	var r ProbeResult
	if err := c.Call(ctx, MethodProbe, ProbeParams{Probe: id}, &r); err != nil {
		return nil, err
	}
	return &r, nil
}

// Progress calls `progress`.
func (c *Client) Progress(ctx context.Context, p ProgressParams) (*Progress, error) {
	var r Progress
	if err := c.Call(ctx, MethodProgress, p, &r); err != nil {
		return nil, err
	}
	return &r, nil
}

// Request calls `request`. Canceling ctx hangs up, which makes annad abandon
// the request.
func (c *Client) Request(ctx context.Context, p RequestParams) (*Answer, error) {
	var a Answer
	if err := c.Call(ctx, MethodRequest, p, &a); err != nil {
		return nil, err
	}
	return &a, nil
}

// Reset calls `reset`.
func (c *Client) Reset(ctx context.Context) (*ResetResult, error) {
	var r ResetResult
	if err := c.Call(ctx, MethodReset, nil, &r); err != nil {
		return nil, err
	}
	return &r, nil
}

// Autofix calls `autofix`.
func (c *Client) Autofix(ctx context.Context) (*AutofixResult, error) {
	var r AutofixResult
	if err := c.Call(ctx, MethodAutofix, nil, &r); err != nil {
		return nil, err
	}
	return &r, nil
}
