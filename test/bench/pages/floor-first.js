// The bare minimum: the startChat request the widget sends, then the first message's text. Inlined
// in baseline-first.html; loaded with one <script src> by floor-first.html, as a widget is (its
// settings come from the page's attributes, as the widget's do), gzip-compressed like the widget's files.
(function () {
  var target = document.getElementById('message');
  fetch(target.dataset.api + '/api/v1/flowbots/' + target.dataset.id + '/startChat', {
    method: 'POST',
    headers: { accept: 'application/json', 'content-type': 'application/json' },
    body: '{"isStreamEnabled":true}',
  })
    .then(function (response) {
      return response.json();
    })
    .then(function (body) {
      target.textContent = body.messages[0].content.richText[0].children[0].text;
      return __bench.painted(function () {
        return target.textContent !== '';
      }, 'firstMessage');
    })
    .then(function () {
      __bench.finish();
    }, __bench.fail);
})();
