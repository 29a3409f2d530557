"""
Trains the graph convolution network on the page-page graph
and plots its accuracy and loss curves.
"""
import dataset
import modules
import torch
import numpy as np
import matplotlib.pyplot as plt


def run_train_epoch():
    """
    One optimisation step over the full graph.
    """
    gcn_model.train()  # training mode on
    adam_optimizer.zero_grad()  # drop old gradients
    logits = gcn_model(dataset.X, dataset.adj_sparse)  # forward pass over every node

    # loss on the training nodes, then backprop
    train_loss = loss_fn(logits[dataset.train_node_mask], dataset.y[dataset.train_node_mask])
    train_loss.backward()

    adam_optimizer.step()  # apply the update
    # loss on the validation nodes from the same forward pass
    val_loss = loss_fn(logits[dataset.val_node_mask], dataset.y[dataset.val_node_mask])
    return (train_loss, val_loss)


def test_masked(node_mask):
    """
    Accuracy of the model on the nodes picked by a mask.
    """
    gcn_model.eval()  # evaluation mode on
    logits = gcn_model(dataset.X, dataset.adj_sparse)  # forward pass over every node
    predicted = logits.argmax(dim=1)  # most likely class per node
    test_hits = predicted[node_mask] == dataset.y[node_mask]  # which nodes were right
    test_accuracy = int(test_hits.sum()) / int(node_mask.sum())  # share of right nodes
    return test_accuracy


def train_for(n_epochs):
    """
    Runs the given number of epochs and records the curves.
    """
    val_acc_hist = []
    train_acc_hist = []
    val_loss_hist = []
    train_loss_hist = []

    # one full-graph step per epoch
    for epoch in range(1, n_epochs + 1):
        train_loss, val_loss = run_train_epoch()
        val_acc_hist.append(test_masked(dataset.val_node_mask))
        train_acc_hist.append(test_masked(dataset.train_node_mask))
        val_loss_hist.append(float(val_loss))
        train_loss_hist.append(float(train_loss))
        print(f"epoch {epoch:03d} - training loss {train_loss:.4f}")

    # final score on the held-out nodes
    test_accuracy = test_masked(dataset.test_node_mask)
    print(f"held-out accuracy: {test_accuracy:.4f}")

    return val_acc_hist, train_acc_hist, val_loss_hist, train_loss_hist, test_accuracy


def draw_accuracy(val_acc_hist, train_acc_hist):
    """
    Saves a plot of both accuracy curves.
    """
    plt.figure(figsize=(12, 8))
    plt.plot(np.arange(1, len(val_acc_hist) + 1), val_acc_hist, label="validation acc")
    plt.plot(np.arange(1, len(train_acc_hist) + 1), train_acc_hist, label="training acc")
    plt.xlabel("epoch")
    plt.ylabel("accuracy")
    plt.title("Accuracy per epoch")
    plt.legend(loc="lower right", fontsize="x-large")
    plt.savefig("plots/gcn_accuracy.png")


def draw_loss(val_loss_hist, train_loss_hist):
    """
    Saves a plot of both loss curves.
    """
    plt.figure(figsize=(12, 8))
    plt.plot(np.arange(1, len(val_loss_hist) + 1), val_loss_hist, label="validation loss")
    plt.plot(
        np.arange(1, len(train_loss_hist) + 1), train_loss_hist, label="training loss"
    )
    plt.xlabel("epoch")
    plt.ylabel("loss")
    plt.title("Loss per epoch")
    plt.legend(loc="upper right", fontsize="x-large")
    plt.savefig("plots/gcn_loss.png")


# network, Adam and cross-entropy
gcn_model = modules.GCN(
    dataset.node_count, dataset.feature_count, dataset.class_count, 16
)
adam_optimizer = torch.optim.Adam(gcn_model.parameters(), lr=0.01)
loss_fn = torch.nn.CrossEntropyLoss()

# 100 epochs, then the two plots
val_acc_hist, train_acc_hist, val_loss_hist, train_loss_hist, test_accuracy = train_for(100)
draw_accuracy(val_acc_hist, train_acc_hist)
draw_loss(val_loss_hist, train_loss_hist)

torch.save(gcn_model.state_dict(), "best_model.pt")  # weights for the predict script
