import numpy as np
from translit_model import TranslitNet
import sys

import wandb
#settings picked by the sweep
if "-addAttention" in sys.argv:
    sweep_defaults = dict(
        inputEmbedDim = 64,
        numLayers = 2,
        hiddenStates = 64,
        cellType = "lstm",
        dropout = 0.3,
        activationFn = "tanh",
        recurrentActivationFn = "sigmoid",
        batchSize = 64,
        numEpochs = 10,
        validationSplit = 0.2,
        addAttention = True,
    )
else:
    sweep_defaults = dict(
        inputEmbedDim = 256,
        numLayers = 2,
        hiddenStates = 32,
        cellType = "gru",
        dropout = 0.2,
        activationFn = "relu",
        recurrentActivationFn = "tanh",
        batchSize = 64,
        numEpochs = 10,
        validationSplit = 0.2,
        addAttention = False,
    )

run = wandb.init(project="translit_rnn_hw", entity="student", config=sweep_defaults)
cfg = wandb.config
wandb.run.name = f"{cfg.inputEmbedDim}_{cfg.numLayers}_{cfg.hiddenStates}_{cfg.cellType}_{cfg.dropout}_{cfg.activationFn}_{cfg.recurrentActivationFn}"
wandb.run.save(wandb.run.name)

srcWords = []
tgtWords = []
srcAlphabet = set()
tgtAlphabet = set()
languages = ["ta"]
for lang in languages:
    tsvPath = f"./dakshina_dataset_v1.0/{lang}/romanized/{lang}.romanized.rejoined.aligned.cased_nopunct.tsv"
    with open(tsvPath, "r", encoding="utf-8") as fh:
        rows = fh.read().split("\n")
    for row in rows:
        if row == "":
            continue
        cols = row.split("\t")
        srcWord, tgtWord = cols[0], cols[1]
        tgtWord = "\t" + tgtWord + "\n"
        if srcWord == "</s>":
            continue
        # print(f"{srcWord} -> {tgtWord}")
        srcWords.append(srcWord)
        tgtWords.append(tgtWord)
        for c in srcWord:
            if c not in srcAlphabet:
                srcAlphabet.add(c)
        for c in tgtWord:
            if c not in tgtAlphabet:
                tgtAlphabet.add(c)

    srcAlphabet.add("\t")
    tgtAlphabet.add("\t")
    srcAlphabet.add("<UNKT>")    #placeholder for characters never seen in training
    tgtAlphabet.add("<UNKT>")   #placeholder for characters never seen in training

    srcAlphabet = sorted(srcAlphabet)
    tgtAlphabet = sorted(tgtAlphabet)
    nSrcSymbols = len(srcAlphabet)
    nTgtSymbols = len(tgtAlphabet)
    srcMaxLen = max([len(w) for w in srcWords])
    tgtMaxLen = max([len(w) for w in tgtWords])

    print("Word pairs:", len(srcWords))
    print("Distinct source symbols:", nSrcSymbols)
    print("Distinct target symbols:", nTgtSymbols)
    print("Longest source word:", srcMaxLen)
    print("Longest target word:", tgtMaxLen)

    srcIndex = dict([(c, k) for k, c in enumerate(srcAlphabet)])
    tgtIndex = dict([(c, k) for k, c in enumerate(tgtAlphabet)])

    encIn = np.zeros(
        (len(srcWords), srcMaxLen, nSrcSymbols), dtype="float32"
    )
    decIn = np.zeros(
        (len(srcWords), tgtMaxLen, nTgtSymbols), dtype="float32"
    )
    decOut = np.zeros(
        (len(srcWords), tgtMaxLen, nTgtSymbols), dtype="float32"
    )

    for n, (srcWord, tgtW) in enumerate(zip(srcWords, tgtWords)):
        for pos, c in enumerate(srcWord):
            encIn[n, pos, srcIndex[c]] = 1.0
        encIn[n, pos + 1 :, srcIndex[" "]] = 1.0
        for pos, c in enumerate(tgtW):
            decIn[n, pos, tgtIndex[c]] = 1.0
            if pos > 0:
                decOut[n, pos - 1, tgtIndex[c]] = 1.0
        decIn[n, pos + 1 :, tgtIndex[" "]] = 1.0
        decOut[n, pos:, tgtIndex[" "]] = 1.0

#the Embedding layers want symbol ids, not one-hot rows
encIn = np.argmax(encIn, axis=2)
decIn = np.argmax(decIn, axis=2)

#"-loadModel" starts from the weights saved in "./best_model_acc" by an earlier run
addAttention = cfg.addAttention
loadModel = False
if len(sys.argv) > 1:
    if "-addAttention" in sys.argv:
        addAttention = True
    if "-loadModel" in sys.argv:
        loadModel = True

net = TranslitNet(
    nSrcSymbols, 
    nTgtSymbols, 
    cfg.inputEmbedDim, 
    cfg.cellType, 
    cfg.numLayers, 
    cfg.numLayers, 
    cfg.hiddenStates, 
    cfg.dropout, 
    addAttention,
    loadModel, 
    cfg.activationFn, 
    cfg.recurrentActivationFn,
    cfg.batchSize,
    cfg.numEpochs,
    cfg.validationSplit
)

net.buildModel(
    encIn, 
    decIn, 
    decOut
)

run.finish()

