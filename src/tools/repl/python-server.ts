/**
 * The program the host's python3 runs (`python3 -c`) as a Python REPL in the sandbox: the same
 * protocol as `javascript-server.ts`. Code runs in one `__main__` namespace, as in the interactive
 * interpreter: a final expression statement gives the `repr` of its value (and sets `_`),
 * top-level `await` works, and an exception gives its traceback without the server's frames.
 * The requests are read from a copy of stdin; the code's own stdin is /dev/null.
 */
export const pythonServer = String.raw`
import ast, asyncio, builtins, inspect, json, linecache, os, sys, traceback, types

_requests = os.fdopen(os.dup(0), 'rb')
_null = os.open(os.devnull, os.O_RDONLY)
os.dup2(_null, 0)
os.close(_null)
sys.stdin = open(0, 'r', closefd=False)
_results = os.dup(1)
_main = types.ModuleType('__main__')
_main.__dict__['__builtins__'] = builtins
sys.modules['__main__'] = _main
_loop = asyncio.new_event_loop()
_max_text = 1 << 20


def _cap(text):
    return text if len(text) <= _max_text else text[:_max_text] + '\n… (cut)'


def _execute(compiled):
    result = eval(compiled, _main.__dict__)
    if compiled.co_flags & inspect.CO_COROUTINE:
        result = _loop.run_until_complete(result)
    return result


def _run(code, count):
    name = '<repl ' + str(count) + '>'
    linecache.cache[name] = (len(code), None, code.splitlines(True), name)
    tree = ast.parse(code, name, 'exec')
    last = tree.body[-1] if tree.body and isinstance(tree.body[-1], ast.Expr) else None
    body = tree.body[:-1] if last is not None else tree.body
    flags = ast.PyCF_ALLOW_TOP_LEVEL_AWAIT
    _execute(compile(ast.Module(body=body, type_ignores=[]), name, 'exec', flags=flags))
    if last is None:
        return None
    value = _execute(compile(ast.Expression(body=last.value), name, 'eval', flags=flags))
    if value is None:
        return None
    builtins._ = value
    return repr(value)


def _traceback(error):
    tb = error.__traceback__
    # From the code's first frame on: not the server's, nor the parser's for a syntax error.
    while tb is not None and not tb.tb_frame.f_code.co_filename.startswith('<repl '):
        tb = tb.tb_next
    return ''.join(traceback.format_exception(type(error), error, tb))


def _flush():
    for stream in (sys.stdout, sys.stderr, sys.__stdout__, sys.__stderr__):
        try:
            stream.flush()
        except Exception:
            pass


def _write(text):
    data = text.encode('utf-8', 'replace')
    while data:
        data = data[os.write(_results, data):]


_count = 0
while True:
    _line = _requests.readline()
    if not _line:
        break
    _request = json.loads(_line)
    _count += 1
    _result = {}
    try:
        _value = _run(_request['code'], _count)
        if _value is not None:
            _result['value'] = _cap(_value)
    except SystemExit:
        _flush()
        raise
    except BaseException as error:
        _result = {'error': _cap(_traceback(error))}
    _flush()
    _write('\n' + _request['mark'] + ' ' + json.dumps(_result) + '\n')
`
