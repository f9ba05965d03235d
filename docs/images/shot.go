//go:build ignore

// shot.go saves a PNG of one element of a page as headless Chromium draws it, for
// make.sh (go run docs/images/shot.go PAGE.html SELECTOR WIDTH OUT.png [MAXHEIGHT]):
// the guide's picture of a report section, the window WIDTH CSS pixels wide, the
// element cut at MAXHEIGHT pixels when given. BANGSIM_CHROMIUM names the browser, as
// in the tests. The build tag keeps it out of go build ./... and the package table.
package main

import (
	"context"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"time"

	"github.com/chromedp/chromedp"
)

func main() {
	if len(os.Args) != 5 && len(os.Args) != 6 {
		fmt.Fprintln(os.Stderr, "usage: go run docs/images/shot.go PAGE.html SELECTOR WIDTH OUT.png [MAXHEIGHT]")
		os.Exit(2)
	}
	page, sel, out := os.Args[1], os.Args[2], os.Args[4]
	width, err := strconv.Atoi(os.Args[3])
	maxH := 0
	if err == nil && len(os.Args) == 6 {
		maxH, err = strconv.Atoi(os.Args[5])
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "shot: WIDTH and MAXHEIGHT must be whole numbers of pixels")
		os.Exit(2)
	}
	abs, err := filepath.Abs(page)
	if err != nil {
		fail(err)
	}
	opts := append(chromedp.DefaultExecAllocatorOptions[:], chromedp.WindowSize(width, 1200), chromedp.Flag("no-sandbox", true))
	if p := os.Getenv("BANGSIM_CHROMIUM"); p != "" {
		opts = append(opts, chromedp.ExecPath(p))
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	actx, acancel := chromedp.NewExecAllocator(ctx, opts...)
	defer acancel()
	bctx, bcancel := chromedp.NewContext(actx)
	defer bcancel()
	if err := chromedp.Do(bctx, chromedp.Navigate((&url.URL{Scheme: "file", Path: abs}).String())); err != nil {
		fail(err)
	}
	if _, err := chromedp.Run(bctx, chromedp.Evaluate[bool](`document.fonts.ready.then(function () { return true; })`, chromedp.EvalAwaitPromise)); err != nil {
		fail(err)
	}
	if maxH > 0 {
		js := fmt.Sprintf(`(function () { var e = document.querySelector(%q); e.style.maxHeight = "%dpx"; e.style.overflow = "hidden"; return true; })()`, sel, maxH)
		if _, err := chromedp.Run(bctx, chromedp.Evaluate[bool](js)); err != nil {
			fail(err)
		}
	}
	png, err := chromedp.Run(bctx, chromedp.Screenshot(chromedp.CSS(sel)))
	if err != nil {
		fail(err)
	}
	if err := os.WriteFile(out, png, 0o644); err != nil {
		fail(err)
	}
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "shot:", err)
	os.Exit(1)
}
