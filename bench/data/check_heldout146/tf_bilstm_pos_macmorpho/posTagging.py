import pandas as pd
from sklearn.model_selection import train_test_split
import numpy as np

import libs.argParseConfig as argParseConfig
import libs.dataPreprocessor as dataPreprocessor
import libs.inputReader as inputReader
import libs.lstm as lstm

cli_args = argParseConfig.cli()

corpus = inputReader.CorpusFiles(cli_args.train, cli_args.validation, cli_args.test)

dataPreprocessor.encode_words(corpus)

dataPreprocessor.encode_tags(corpus)

print('--- BiLSTM tagger ---')

tagger = lstm.Model(corpus)

xtr, xte, ytr, yte = train_test_split(corpus.train['enc_sentence'], corpus.train['one_hot_enc_tags'], test_size=0.2)
xtr = np.array(xtr.values.tolist())
ytr = np.array(ytr.values.tolist())
xte = np.array(xte.values.tolist())
yte = np.array(yte.values.tolist())

tagger.train(xtr, ytr)

probs = tagger.model.predict(xte)
pred_tags = dataPreprocessor.decode_onehot(probs, {k: tg for tg, k in corpus.t2i.items()})
gold_tags = dataPreprocessor.decode_onehot(yte, {k: tg for tg, k in corpus.t2i.items()})

with open('output/predicted.txt', 'w') as pf, open('output/real.txt', 'w') as rf:
    pf.write(str(pred_tags))
    rf.write(str(gold_tags))
