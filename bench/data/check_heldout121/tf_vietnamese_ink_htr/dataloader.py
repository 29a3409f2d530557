import os 
import cv2
from sklearn.utils import shuffle
from helper import preprocess

class Item: 
    ''' one word image and its text '''
    def __init__(self, text, imgPath):
        self.text = text
        self.imgPath = imgPath

class Batch:
    ''' a batch of images and their texts '''
    def __init__(self, texts, imgs):
        self.imgs = imgs
        self.texts = texts

class WordLoader:
    def __init__(self, rootDir, batchSize, imgSize):
        ''' walks the data folder and indexes every word '''
        self.pos = 0
        self.batchSize = batchSize
        self.imgSize = imgSize
        self.items = []

        symbols = set()

        for sub in os.listdir(rootDir):
            textDir = os.path.join(rootDir, sub + '/labels/')
            imgDir = os.path.join(rootDir, sub + '/images/')

            for name in os.listdir(textDir):
                textPath = os.path.join(textDir, name)
                # the transcription
                with open(textPath, 'r', encoding='utf-8') as fh:
                    text = fh.read()
                # matching picture path
                imgPath = os.path.join(imgDir, name.split('.')[0] + '.png')
                # collect the symbol set
                symbols = symbols.union(set(list(text)))
                # index entry
                self.items.append(Item(text=text, imgPath=imgPath))
        
        # 95% train, 5% test
        cut = int(0.95 * len(self.items))
        self.trainItems = self.items[:cut]
        self.testItems = self.items[cut:]
        # sorted symbol list
        self.charList = sorted(list(symbols))
    
    def useTrain(self):
        ''' switch to a shuffled train split '''
        self.pos = 0
        self.items = shuffle(self.trainItems, random_state=123)
    
    def useTest(self):
        ''' switch to the test split '''
        self.pos = 0
        self.items = self.testItems
    
    def progress(self):
        ''' current batch number and batch count '''
        return self.pos//self.batchSize + 1, len(self.items)//self.batchSize
    
    def hasNext(self):
        ''' another full batch left? '''
        return self.pos + self.batchSize <= len(self.items)
    
    def nextBatch(self):
        ''' read the next batch from disk '''
        idxs = range(self.pos, self.pos+self.batchSize)
        texts = [self.items[i].text for i in idxs]
        imgs = [preprocess(img=cv2.imread(self.items[i].imgPath, cv2.IMREAD_GRAYSCALE), imgSize=self.imgSize) for i in idxs]
        self.pos += self.batchSize
        return Batch(texts, imgs)
