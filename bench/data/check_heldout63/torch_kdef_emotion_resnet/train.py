import Model
clf = Model.EmotionNet(layers=[3, 4, 23, 3])
clf.train_model('train','valid', 'run-01', epochs=200, csvout='run-01-log.csv')
clf.load_checkpoint('best-run-01.pth.tar')
clf.valid_model('valid')
clf.test_model_show('test')
