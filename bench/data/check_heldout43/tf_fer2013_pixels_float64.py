

# read the FER2013 table
table = pd.read_csv("/content/drive/MyDrive/Colab Notebooks/Emotion/Fer2013Dataset/fer2013.csv")



# build inputs and targets
feats = []
targets = []
for k in range(len(table)):
    feats.append([int(v) for v in table['pixels'][k].split()])
    targets.append(table['emotion'][k])
feats = np.array(feats) / 255.0
targets = np.array(targets)
feats = feats.reshape(feats.shape[0], 48, 48, 1)
targets = pd.get_dummies(targets).values
