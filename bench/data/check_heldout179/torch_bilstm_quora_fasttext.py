import re


import pandas as pd
import numpy as np
from tqdm import tqdm_notebook
tqdm_notebook().pandas()

from matplotlib import pyplot as plt

import torch
import torch.nn as nn
from torch.utils.data import Dataset, DataLoader

from sklearn.model_selection import train_test_split
from sklearn.metrics import f1_score

from keras.preprocessing import text, sequence

from tensorboardX import SummaryWriter

from graphviz import Digraph
from torchviz import make_dot


import spacy

import fastText


# spaCy only for tokenization
nlp = spacy.load('en_core_web_sm', disable=['ner', 'parser', 'tagger'])


# Quora insincere questions: train and test tables
X_train = pd.read_csv('/data/quora/train.csv')
X_test = pd.read_csv('/data/quora/test.csv')
Y = X_train['target'].values


# expand contractions
def decontract(text):
    text = re.sub(r"(W|w)on(\'|\’)t ", "will not ", text)
    text = re.sub(r"(C|c)an(\'|\’)t ", "can not ", text)
    text = re.sub(r"(Y|y)(\'|\’)all ", "you all ", text)
    text = re.sub(r"(Y|y)a(\'|\’)ll ", "you all ", text)
    text = re.sub(r"(I|i)(\'|\’)m ", "i am ", text)
    text = re.sub(r"(A|a)isn(\'|\’)t ", "is not ", text)
    text = re.sub(r"n(\'|\’)t ", " not ", text)
    text = re.sub(r"(\'|\’)re ", " are ", text)
    text = re.sub(r"(\'|\’)d ", " would ", text)
    text = re.sub(r"(\'|\’)ll ", " will ", text)
    text = re.sub(r"(\'|\’)t ", " not ", text)
    text = re.sub(r"(\'|\’)ve ", " have ", text)
    return text

X_train['question_text'] = X_train['question_text'].progress_map(lambda q: decontract(q))
X_test['question_text'] = X_test['question_text'].progress_map(lambda q: decontract(q))


# unify apostrophe variants
def clean_apostrophes(x):
    apostrophes = ["’", "‘", "´", "`"]
    for s in apostrophes:
        x = re.sub(s, "'", x)
    return x


X_train['question_text'] = X_train['question_text'].progress_map(lambda q: clean_apostrophes(q))
X_test['question_text'] = X_test['question_text'].progress_map(lambda q: clean_apostrophes(q))


# accented and look-alike letters to ASCII
letter_mapping = {'\u200b':' ', 'ũ': "u", 'ẽ': 'e', 'é': "e", 'á': "a", 'ķ': 'k', 'ï': 'i', 'Ź': 'Z', 'Ż': 'Z', 'Š': 'S', 'Π': ' pi ', 'Ö': 'O', 'É': 'E', 'Ñ': 'N', 'Ž': 'Z', 'ệ': 'e', '²': '2', 'Å': 'A', 'Ā': 'A', 'ế': 'e', 'ễ': 'e', 'ộ': 'o', '⧼': '<', '⧽': '>', 'Ü': 'U', 'Δ': 'delta', 'ợ': 'o', 'İ': 'I', 'Я': 'R', 'О': 'O', 'Č': 'C', 'П': 'pi', 'В': 'B', 'Φ': 'phi', 'ỵ': 'y', 'օ': 'o', 'Ľ': 'L', 'ả': 'a', 'Γ': 'theta', 'Ó': 'O', 'Í': 'I', 'ấ': 'a', 'ụ': 'u', 'Ō': 'O', 'Ο': 'O', 'Σ': 'sigma', 'Â': 'A', 'Ã': 'A', 'ᗯ': 'w', 'ᕼ': "h", "ᗩ": "a", "ᖇ": "r", "ᗯ": "w", "O": "o", "ᗰ": "m", "ᑎ": "n", "ᐯ": "v", "н": "h", "м": "m", "o": "o", "т": "t", "в": "b", "υ": "u",  "ι": "i","н": "h", "č": "c", "š": "s", "ḥ": "h", "ā": "a", "ī": "i", "à": "a", "ý": "y", "ò": "o", "è": "e", "ù": "u", "â": "a", "ğ": "g", "ó": "o", "ê": "e", "ạ": "a", "ü": "u", "ä": "a", "í": "i", "ō": "o", "ñ": "n", "ç": "c", "ã": "a", "ć": "c", "ô": "o", "с": "c", "ě": "e", "æ": "ae", "î": "i", "ő": "o", "å": "a", "Ä": "A", }

def clean_special_chars(text):
    new_text = ''
    for i in range(len(text)):
        if i in letter_mapping:
            c = letter_mapping[i]
        else:
            c = text[i]
        new_text += c
    return new_text


X_train['question_text'] = X_train['question_text'].progress_map(lambda q: clean_special_chars(q))
X_test['question_text'] = X_test['question_text'].progress_map(lambda q: clean_special_chars(q))


# characters to delete
useless_punct = ['च', '不', 'ঢ়', '平', 'ᠠ', '錯', '判', '∙', '言', 'ς', 'ل', '្', 'ジ', 'あ', '得', '水', 'ь', '◦', '创', '康', '華', 'ḵ', '☺', '支', '就', '„', '」', '어', '谈', '陈', '团', '腻', '权', '年', '业', 'マ', 'य', 'ا', '売', '甲', '拼', '˂', 'ὤ', '贯', '亚', 'ि', '放', 'ʻ', 'ទ', 'ʖ', '點', '્', '発', '青', '能', '木', 'д', '微', '藤', '̃', '僕', '妒', '͜', 'ន', 'ध', '이', '希', '特', 'ड', '¢', '滢', 'ส', '나', '女', 'క', '没', '什', 'з', '天', '南', 'ʿ', 'ค', 'も', '凰', '步', '籍', '西', 'ำ', '−', 'л', 'ڤ', 'ៃ', '號', 'ص', 'स', '®', 'ʋ', '批', 'រ', '치', '谢', '生', '道', '═', '下', '俄', 'ɖ', '觀', 'வ', '—', 'ی', '您', '♥', '一', 'や', '⊆', 'ʌ', '語', 'ี', '兴', '惶', '瀛', '狐', '⁴', 'प', '臣', 'ద', '―', 'ì', 'ऌ', 'ీ', '自', '信', '健', '受', 'ɨ', '시', 'י', 'ছ', '嬛', '湾', '吃', 'ち', 'ड़', '反', '红', '有', '配', 'ে', 'ឯ', '宮', 'つ', 'μ', '記', '口', '℅ι', 'ो', '狸', '奇', 'о', 'ट', '聖', '蘭', '読', 'ū', '標', '要', 'ត', '识', 'で', '汤', 'ま', 'ʀ', '局', 'リ', '्', 'ไ', '呢', '工', 'ल', '沒', 'τ', 'ិ', 'ö', 'せ', '你', 'ん', 'ュ', '枚', '部', '大', '罗', 'হ', 'て', '表', '报', '攻', 'ĺ', 'ฉ', '∩', '宝', '对', '字', '文', '这', '∑', '髪', 'り', '่', '능', '罢', '내', '阻', '为', '菲', 'ي', 'न', 'ί', 'ɦ', '開', '†', '茹', '做', '東', 'ত', 'に', 'ت', '晓', '키', '悲', 'સ', '好', '›', '上', '存', '없', '하', '知', 'ធ', '斯', ' ', '授', 'ł', '傳', '兰', '封', 'ோ', 'و', 'х', 'だ', '人', '太', '品', '毒', 'ᡳ', '血', '席', '剔', 'п', '蛋', '王', '那', '梦', 'ី', '彩', '甄', 'и', '柏', 'ਨ', '和', '坊', '⌚', '广', '依', '∫', 'į', '故', 'ś', 'ऊ', '几', '日', 'ک', '音', '×', '”', '▾', 'ʊ', 'ज', 'ด', 'ठ', 'उ', 'る', '清', 'ग', 'ط', 'δ', 'ʏ', '官', '∛', '়', '้', '男', '骂', '复', '∂', 'ー', '过', 'য', '以', '短', '翻', 'র', '教', '儀', 'ɛ', '‹', 'へ', '¾', '合', '学', 'ٌ', '학', '挑', 'ष', '比', '体', 'م', 'س', 'អ', 'ת', '訓', '∀', '迎', 'វ', 'ɔ', '٨', '▒', '化', 'చ', '‛', 'প', 'º', 'น', '업', '说', 'ご', '¸', '₹', '儿', '︠', '게', '骨', 'ท', 'ऋ', 'ホ', '茶', '는', 'જ', 'ุ', '羡', '節', 'ਮ', 'উ', '番', 'ড়', '讲', 'ㅜ', '등', '伟', 'จ', '我', 'ล', 'す', 'い', 'ញ', '看', 'ċ', '∧', 'भ', 'ઘ', 'ั', 'ម', '街', 'ય', '还', '鰹', 'ខ', 'ు', '訊', 'म', 'ю', '復', '杨', 'ق', 'त', '金', '味', 'ব', '风', '意', '몇', '佬', '爾', '精', '¶', 'ం', '乱', 'χ', '교', 'ה', '始', 'ᠰ', '了', '个', '克', '্', 'ห', '已', 'ʃ', 'わ', '新', '译', '︡', '本', 'ง', 'б', 'け', 'ి', '明', '¯', '過', 'ك', 'ῥ', 'ف', 'ß', '서', '进', 'ដ', '样', '乐', '寧', '€', 'ณ', 'ル', '乡', '子', 'ﬁ', 'ج', '慕', '–', 'ᡵ', 'Ø', '͡', '제', 'Ω', 'ប', '絕', '눈', 'फ', 'ম', 'గ', '他', 'α', 'ξ', '§', 'ஜ', '黎', 'ね', '복', 'π', 'ú', '鸡', '话', '会', 'ক', '八', '之', '북', 'ن', '¦', '가', 'ו', '恋', '地', 'ῆ', '許', '产', 'ॡ', 'ش', '़', '野', 'ή', 'ɒ', '啧', 'យ', '᠌', 'ᠨ', 'ب', '皎', '老', '公', '☆', 'व', 'ি', 'ល', 'ر', 'គ', '행', 'ង', 'ο', '让', 'ំ', 'λ', 'خ', 'ἰ', '家', 'ট', 'ब', '理', '是', 'め', 'र', '√', '기', 'ν', '玉', '한', '入', 'ד', '别', 'د', 'ะ', '电', 'ા', '♫', 'ع', 'ં', '堵', '嫉', '伊', 'う', '千', '관', '篇', 'क', '非', '荣', '粵', '瑜', '英', '를', '美', '条', '`', '宋', '←', '수', '後', '•', '³', 'ी', '고', '肉', '℃', 'し', '漢', '싱', 'ϵ', '送', 'ه', '落', 'న', 'ក', 'க', 'ℇ', 'た', 'ះ', '中', '射', '♪', '符', 'ឃ', '谷', '分', '酱', 'び', 'থ', 'ة', 'г', 'σ', 'と', '楚', '胡', '饭', 'み', '禮', '主', '直', '÷', '夢', 'ɾ', 'চ', '⃗', '統', '高', '顺', '据', 'ら', '頭', 'よ', '最', 'ా', 'ੁ', '亲', 'ស', '花', '≡', '眼', '病', '…', 'の', '發', 'ா', '汝', '★', '氏', 'ร', '景', 'ᡠ', '读', '件', '仲', 'শ', 'お', 'っ', 'پ', 'ᡤ', 'ч', '♭', '悠', 'ं', '六', '也', 'ռ', 'য়', '恐', 'ह', '可', '啊', '莫', '书', '总', 'ষ', 'ք', '̂', '간', 'な', '此', '愛', 'ర', 'ใ', '陳', 'Ἀ', 'ण', '望', 'द', '请', '油', '露', '니', 'ş', '宗', 'ʍ', '鳳', 'अ', '邋', '的', 'ព', '火', 'ा', 'ก', '約', 'ட', '章', '長', '商', '台', '勢', 'さ', '국', 'Î', '簡', 'ई', '∈', 'ṭ', '經', '族', 'ु', '孫', '身', '坑', 'স', '么', 'ε', '失', '殺', 'ž', 'ર', 'が', '手', 'ា', '心', 'ਾ', '로', '朝', '们', '黒', '欢', '早', '️', 'া', 'आ', 'ɸ', '常', '快', '民', 'ﷺ', 'ូ', '遢', 'η', '国', '无', '江', 'ॠ', '「', 'ন', '™', 'ើ', 'ζ', '紫', 'ె', 'я', '“', '♨', '國', 'े', 'อ', '∞']
useless_punct.remove(' ')

def remove_useless_punct(text):
    return re.sub(f'{"|".join(useless_punct)}', '', text)


X_train['question_text'] = X_train['question_text'].progress_map(lambda q: remove_useless_punct(q))
X_test['question_text'] = X_test['question_text'].progress_map(lambda q: remove_useless_punct(q))


# vocabulary cap and padded length
MAX_WORDS = 100000
MAX_LEN = 70


# tokenize every question with spaCy, count words, keep the token lists
all_questions = X_train['question_text'].tolist() + X_test['question_text'].tolist()

word_index = {}
x_train = []
x_test = []

c = 0
for doc in tqdm_notebook(nlp.pipe(all_questions, n_threads=10), total=len(all_questions)):

    tokens = [token.text.lower() for token in doc]

    for token in tokens:
        if token not in word_index:
            word_index[token] = 1
        else:
            word_index[token] += 1

    if c < X_train.shape[0]:
        x_train.append(tokens)
    else:
        x_test.append(tokens)

    c += 1

# rank words by frequency
word_index = dict(sorted(zip(word_index.keys(), word_index.values()), key=lambda c: c[1], reverse=True))
for i, word in enumerate(word_index):
    word_index[word] = i + 1


# tokens -> ids, dropping rare words
def convert_to_indexes(sequence, word_index, max_words=MAX_WORDS):
    output = []
    for token in sequence:
        if (token in word_index) and (word_index[token] < max_words):
            output.append(word_index[token])
    return output


x_train_idx = [convert_to_indexes(seq, word_index) for seq in tqdm_notebook(x_train, leave=False)]
x_test_idx = [convert_to_indexes(seq, word_index) for seq in tqdm_notebook(x_test, leave=False)]


# pad to MAX_LEN
x_train_padded = sequence.pad_sequences(tqdm_notebook(x_train_idx, leave=False), maxlen=MAX_LEN)
x_test_padded = sequence.pad_sequences(tqdm_notebook(x_test_idx, leave=False), maxlen=MAX_LEN)

# pretrained vectors: GloVe text file or the fastText binary model
embedding_type = 'fasttext'

if embedding_type == 'glove':

    def load_embedding(path):
        embedding = {}
        with open(path, 'r') as f:
            for line in tqdm_notebook(f.readlines()):
                k = line.split(' ')[0]
                v = line.split(' ')[1:]
                embedding[k] = np.array(v, dtype=float)
        return embedding

    glove = load_embedding('/data/embeddings/glove.840B.300d.txt')

    mean_emb = -0.005838493338505765
    std_emb = 0.48782081729236354

else:
    fasttext_model = fastText.load_model('/data/embeddings/fasttext/wiki.en.bin')

# embedding weights from a vector dict
def build_embedding_matrix_glove(word_index, embedding, embed_size=300):
    matrix = np.zeros((min(MAX_WORDS, len(word_index) + 1), embed_size))
    oov = []
    for word, i in tqdm_notebook(word_index.items(), leave=False):
        if word in embedding:
            try:
                matrix[i, :] = embedding[word]
            except IndexError as e:
                break
        else:
            try:
                matrix[i, :] = np.random.normal(mean_emb, std_emb, (embed_size))
            except IndexError as e:
                break
            oov.append(word)
    return matrix, oov

# embedding weights from the fastText model (subword vectors)
def build_embedding_matrix_with_fasttext(word_index, model, embed_size=300):
    matrix = np.zeros((min(MAX_WORDS, len(word_index) + 1), embed_size))
    for word, i in tqdm_notebook(word_index.items(), leave=False):
        try:
            matrix[i, :] = fasttext_model.get_word_vector(word)
        except IndexError as e:
            break

    return matrix

if embedding_type == 'glove':
    embedding_matrix, oov = build_embedding_matrix_glove(word_index, glove)

elif embedding_type == 'fasttext':
    embedding_matrix = build_embedding_matrix_with_fasttext(word_index, fasttext_model)

embedding_matrix.shape

# two BiLSTMs, mean+max pooling, one logit
class Model(nn.Module):
    def __init__(self, embedding_matrix):
        super(Model, self).__init__()
        vocab_size = embedding_matrix.shape[0]
        embedding_dim = embedding_matrix.shape[1]

        self.embedding_layer = nn.Embedding(vocab_size, embedding_dim)
        self.embedding_layer.weight = nn.Parameter(torch.tensor(embedding_matrix, dtype=torch.float32))
        self.embedding_layer.weight.requires_grad = True

        self.hidden_units = 64

        self.lstm1 = nn.LSTM(embedding_dim, self.hidden_units, bidirectional=True)
        self.lstm2 = nn.LSTM(self.hidden_units * 2, self.hidden_units, bidirectional=True)

        self.fc1 = nn.Linear(self.hidden_units * 2 * 2, 1)

    def forward(self, x):
        x = self.embedding_layer(x)
        x, _ = self.lstm1(x)
        x, _ = self.lstm2(x)

        h_avg = torch.mean(x, 1)

        h_max = torch.max(x, 1)[0]

        h_concat = torch.cat((h_avg, h_max), 1)

        output = self.fc1(h_concat)
        return output

# padded id rows and labels
class MyDataset(Dataset):
    def __init__(self, padded_sequences, labels):
        self.padded_sequences = padded_sequences
        self.labels = labels


    def __len__(self):
        return len(self.padded_sequences)

    def __getitem__(self, index):
        x = self.padded_sequences[index, :]

        x = torch.LongTensor(x)

        y = self.labels[index]
        y = torch.Tensor([y])
        return x, y

# batch F1 at a fixed threshold
def compute_f1_score(y, preds, th=0.5):
    y_preds_proba = torch.sigmoid(preds)
    y_preds_proba = y_preds_proba.cpu().detach().numpy()
    y_pred = (y_preds_proba > th).astype(int)

    y_true = y.detach().cpu().numpy()
    f1 = f1_score(y_true=y_true, y_pred=y_pred)
    return f1

def print_metrics(iteration, total_iterations, epoch, total_epochs, loss_list, f1_list, print_every, train=True):
    if train:
        msg = f'Epoch: {epoch+1} / {total_epochs} |Iteration: {iteration} / {total_iterations} \n'
        msg += f'Average train loss: {np.mean(loss_list)} | Average train f1: {np.mean(f1_list)}'

    else:
        msg = f'Epoch: {epoch+1} / {total_epochs} |Iteration: {iteration} / {total_iterations} \n'
        msg += f'Average val loss: {np.mean(loss_list)} | Average val f1: {np.mean(f1_list)}'

    if iteration % print_every == 0:
        print(msg)

# 80/20 split and loaders
x_TRAIN, x_VAL, y_TRAIN, y_VAL = train_test_split(x_train_padded, Y, test_size=0.2, random_state=42)

train_dataset = MyDataset(x_TRAIN, y_TRAIN)
val_dataset = MyDataset(x_VAL, y_VAL)

batch_size = 256

train_loader = DataLoader(train_dataset, num_workers=10, batch_size=batch_size, shuffle=True)
val_loader = DataLoader(val_dataset, num_workers=5, batch_size=batch_size)

model = Model(embedding_matrix)

model = model.cuda()

optimizer = torch.optim.Adam(lr=0.003, params=model.parameters())
criterion = nn.BCEWithLogitsLoss()

num_epochs = 5
print_every_train = 500
print_every_val = 150


# train, then score the validation split each epoch
for epoch in tqdm_notebook(range(num_epochs)):


    f1_scores_train = []
    losses_train = []

    model.train()
    for i, (x, y) in enumerate(tqdm_notebook(train_loader, leave=False, total=len(train_loader))):

        x = x.cuda()
        y = y.cuda()

        optimizer.zero_grad()

        preds = model.forward(x)

        loss = criterion(preds, y)

        loss.backward()

        optimizer.step()

        losses_train.append(loss.item())

        f1_score_train = compute_f1_score(y, preds)
        f1_scores_train.append(f1_score_train)

        print_metrics(i, len(train_loader), epoch, num_epochs, losses_train, f1_scores_train, print_every_train)


    f1_scores_val = []
    losses_val = []

    # validation pass
    model.eval()
    for i, (x, y) in enumerate(tqdm_notebook(val_loader, leave=False, total=len(val_loader))):

        x = x.cuda()
        y = y.cuda()

        preds = model.forward(x)

        loss = criterion(y, preds)
        losses_val.append(loss.item())

        f1_score_val = compute_f1_score(y, preds)
        f1_scores_val.append(f1_score_val)

        print_metrics(i, len(train_loader), epoch, num_epochs, losses_val, f1_scores_val, print_every_val, train=False)
