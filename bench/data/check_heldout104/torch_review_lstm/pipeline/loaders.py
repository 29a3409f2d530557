
# settings
max_features = 2000
batch_size = 50
vocab_size = max_features
from sklearn.model_selection import train_test_split
import torch


class Splitter:

    def split(self,X,Y):
        """# hold out a test part"""
        # 90/10 split
        X_tr, X_te, Y_tr, Y_te = train_test_split(X, Y, test_size=0.10, random_state=42)
        print(X_tr.shape, Y_tr.shape)
        print(X_te.shape, Y_te.shape)
        return X_tr, X_te, Y_tr, Y_te

    def loaders(self,X_tr, X_te, Y_tr, Y_te):

        # numpy to torch tensors, kept on the CPU
        x_tr = torch.tensor(X_tr, dtype=torch.long)
        y_tr = torch.tensor(Y_tr, dtype=torch.long)
        x_val = torch.tensor(X_te, dtype=torch.long)
        y_val = torch.tensor(Y_te, dtype=torch.long)
        """# wrap as datasets"""
        train_set = torch.utils.data.TensorDataset(x_tr, y_tr)
        val_set = torch.utils.data.TensorDataset(x_val, y_val)
        # loaders
        train_loader = torch.utils.data.DataLoader(train_set, batch_size=batch_size, shuffle=True)
        val_loader = torch.utils.data.DataLoader(val_set, batch_size=batch_size, shuffle=False)
        return x_val, y_val, train_loader, val_loader

