from data_helper import SceneFolders
from simple_model import PlainConvNet
from resnet_model import ResidualNet
from inception_model import InceptionNet

switches = {
    # False means: load a saved network instead of fitting one
    'do_fit': True,
    # used only when do_fit is False
    'saved_index': 0,
    'drop_extra_pictures': False,
    'make_extra_pictures': False,
    'print_summary': False,
}

if __name__ == '__main__':
    helper = SceneFolders()

    if switches['drop_extra_pictures']:
        # run by hand when needed
        helper.delete_extra_pictures()

    net = PlainConvNet()
    # net = ResidualNet()
    # net = InceptionNet()

    if switches['do_fit']:
        fit_dir = './scenes/seg_train/'
        fit_files = helper.list_files(fit_dir)

        helper.drop_odd_sizes(fit_files)
        if switches['make_extra_pictures']:
            # run by hand when needed
            helper.write_extra_pictures(fit_files)

        helper.report_counts('fit', fit_files)
        fit_files = helper.read_and_shrink(fit_files)

        x_fit, y_fit = helper.to_arrays(fit_files)
        net.train_model(x_fit, y_fit)
        net.save_model()
    else:
        net.load_model(switches['saved_index'])

    score_dir = './scenes/seg_test/'
    score_files = helper.list_files(score_dir)
    helper.report_counts('score', score_files)
    helper.drop_odd_sizes(score_files)
    score_files = helper.read_and_shrink(score_files)
    x_score, y_score = helper.to_arrays(score_files)

    if switches['print_summary']:
        net.summary()

    net.evaluate_on_data(x_score, y_score)
