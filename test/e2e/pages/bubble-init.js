window.chat = window.Flowbot.init({
  publicId: 'support',
  apiHost: '__API__',
  mode: 'bubble',
  widget: { title: 'Shop assistant', subTitle: 'Online', primaryColor: '#7c3aed', secondaryColor: '#ffffff' },
});
