# The calculator of Cap'n Proto's RPC samples, as a Capstan example (see docs/rpc.md,
# "A worked example: the calculator"). The file id, names, ordinals and types match the
# reference sample, so this server and client also talk to the C++ ones.

@0x85150b117366d14b;

interface Calculator {
  # Arithmetic over RPC, shaped to show what capabilities buy: results stay on the server as
  # `Value` objects that later requests can name before they exist (promise pipelining),
  # operators are capabilities the client asks for, and functions can be defined on the
  # server or hosted by the client and called back.

  evaluate @0 (expression :Expression) -> (value :Value);
  # Evaluates `expression`. The number comes back inside a `Value`: call `read()` on it, or
  # hand it to another `evaluate()`, in both cases without waiting for this call to return.

  struct Expression {
    # A tree of numbers, earlier results, function parameters and function calls.

    union {
      literal @0 :Float64;
      # This number.

      previousResult @1 :Value;
      # The number held by a `Value` from an earlier (possibly still running) `evaluate()`.

      parameter @2 :UInt32;
      # The parameter at this index; meaningful only in the body given to `defFunction()`.

      call :group {
        # `function` applied to the values of `params`.
        function @3 :Function;
        params @4 :List(Expression);
      }
    }
  }

  interface Value {
    # A number kept by the server.

    read @0 () -> (value :Float64);
    # The number.
  }

  defFunction @1 (paramCount :Int32, body :Expression) -> (func :Function);
  # A new function of `paramCount` parameters whose value is `body`, evaluated with
  # `parameter` expressions replaced by the arguments.

  interface Function {
    # A function of numbers to a number. The server makes them (`defFunction()`,
    # `getOperator()`); a client may also implement one itself and pass it in an expression,
    # and the server then calls it back over the connection.

    call @0 (params :List(Float64)) -> (value :Float64);
    # Applies the function to `params`.
  }

  getOperator @2 (op :Operator) -> (func :Function);
  # One of the four arithmetic operators, as a `Function` of two parameters.

  enum Operator {
    add @0;
    subtract @1;
    multiply @2;
    divide @3;
  }
}
