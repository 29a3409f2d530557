
import sys
import numpy as np
import matplotlib.pyplot as plt
import editdistance
from dataloader import WordLoader
from model import Model


def fit(net, loader):
    ''' train until the error rate stops improving '''
    ep = 0 # epochs done
    bestCER = float('inf') # best character error rate so far
    stale = 0 # epochs without improvement
    patience = 5 # stop after this many stale epochs
    lossHist, cerHist, accHist = ([] for _ in range(3))

    while True:
        ep += 1
        batchLosses = []
        loader.useTrain()
        while loader.hasNext():
            where = loader.progress()
            batch = loader.nextBatch()
            loss = net.trainBatch(batch)
            sys.stdout.write('\rEpoch: %02d | Batch: %04d/%d | Loss: %7.3f' % (ep, where[0], where[1], loss))
            batchLosses.append(loss)
        # score on the test split
        cer, acc = evaluate(net, loader)
        
        lossHist.append(np.mean(batchLosses))
        cerHist.append(cer)
        accHist.append(acc)

        if cer < bestCER:
            # better: keep it
            bestCER = cer
            stale = 0
            net.save()
        else:
            # no better
            stale+= 1
        # early stop
        if stale >= patience:
            print('No improvement any more, stopping.')
            break
    # curves
    plt.plot(np.arange(1, ep + 1, 1), lossHist, label='Loss')
    plt.xlabel('Epochs')
    plt.legend(loc='best')
    plt.show()

    plt.plot(np.arange(1, ep + 1, 1), cerHist, label='Character Error Rate')
    plt.plot(np.arange(1, ep + 1, 1), accHist, linestyle='--', label='Accuracy')
    plt.xlabel('Epochs')
    plt.legend(loc='best')
    plt.show()

def evaluate(net, loader):
    ''' error rates on the test split '''
    loader.useTest()
    wordHits = []
    charErrs = 0
    charTotal = 0

    while loader.hasNext():
        where = loader.progress()
        batch = loader.nextBatch()
        guesses = net.inferBatch(batch)
        # word accuracy
        guesses = np.array(guesses, dtype=object)
        batch.texts = np.array(batch.texts, dtype=object)
        wordHits.append(np.array(guesses == batch.texts))

        for k, guess in enumerate(guesses):
            d = editdistance.eval(guess, batch.texts[k])
            charErrs += d
            charTotal += len(batch.texts[k])
            print('[OK]' if d==0 else '[ERR:%d]' % d,'"' + batch.texts[k] + '"', '->', '"' + guess + '"')
        print('Test | Batch : %d/%d' % (where[0], where[1]))
    # character error rate
    cer = charErrs/charTotal
    print('CER: %7.3f | word accuracy: %7.3f' % (cer*100.0, np.mean(wordHits)*100.0))
    return cer, np.mean(wordHits)

def main():
    loader = WordLoader('../data/InkData_word_processed/', Model.batchSize, Model.imgSize)
    # write the symbol list next to the data
    allChars = str()
    with open('../data/charList.txt', 'w', encoding='utf-8') as fh:
        for ch in loader.charList:
            allChars += ch
        fh.write(allChars)
    
    net = Model(loader.charList)
    fit(net, loader)

if __name__ == '__main__':
    main()
